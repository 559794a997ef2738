import { describe, expect, it } from 'vitest';
import { cueAt, languageName, parseCues } from './transcript.ts';

const VTT = `WEBVTT - lecture

NOTE written by the tutor

intro
00:00:00.500 --> 00:00:02.000
Welcome to <b>the</b> lecture

00:02.000 --> 00:04.250 align:start
Today: two ideas,
and one example.

01:00:00.000 --> 01:00:01.000
An hour in
`;

describe('a transcript from WebVTT', () => {
  it('reads each cue with its times and plain text, skipping notes and the header', () => {
    expect(parseCues(VTT)).toEqual([
      { start: 0.5, end: 2, text: 'Welcome to the lecture' },
      { start: 2, end: 4.25, text: 'Today: two ideas, and one example.' },
      { start: 3600, end: 3601, text: 'An hour in' },
    ]);
    expect(parseCues(VTT.replace(/\n/g, '\r\n'))).toHaveLength(3);
  });

  it('finds the cue being spoken, none between cues', () => {
    const cues = parseCues(VTT);
    expect(cueAt(cues, 0.2)).toBe(-1);
    expect(cueAt(cues, 1)).toBe(0);
    expect(cueAt(cues, 2)).toBe(1);
    expect(cueAt(cues, 10)).toBe(-1);
  });

  it('names languages', () => {
    expect(languageName('hi')).toBe('Hindi');
    expect(languageName('en-IN')).toBe('English');
    expect(languageName('xx')).toBe('xx');
  });
});
