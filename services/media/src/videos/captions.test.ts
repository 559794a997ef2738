import { describe, expect, it } from 'vitest';
import { captionKey, captionsProblem } from './captions.ts';

describe('captions', () => {
  it('takes WebVTT with at least one cue, a byte-order mark and a header comment included', () => {
    expect(captionsProblem('WEBVTT\n\n00:00:01.000 --> 00:00:04.000\nHello\n')).toBeNull();
    expect(
      captionsProblem('\uFEFFWEBVTT - lecture 1\r\n\r\n01:02:03.500 --> 01:02:05.000\r\nHi\r\n'),
    ).toBeNull();
  });

  it('refuses anything else, saying what is wrong', () => {
    expect(captionsProblem('1\n00:00:01,000 --> 00:00:04,000\nAn SRT file\n')).toMatch(
      /first line is WEBVTT/,
    );
    expect(captionsProblem('WEBVTTX\n\n00:00:01.000 --> 00:00:04.000\nx')).toMatch(/first line is WEBVTT/);
    expect(captionsProblem('WEBVTT\n\nNo cues at all\n')).toMatch(/no cue/);
    expect(captionsProblem('')).toMatch(/first line is WEBVTT/);
  });

  it('keeps each language apart from the renditions', () => {
    expect(captionKey('64d0c0de00000000000d0001', 'en-IN')).toBe(
      '64d0c0de00000000000d0001/captions/en-IN.vtt',
    );
  });
});
