import { describe, expect, it } from 'vitest';
import { WatchedSpans } from './watched-spans.ts';

describe('what the player played', () => {
  it('grows a span with playback and ends it at a seek', () => {
    const spans = new WatchedSpans();
    for (let t = 0; t <= 10; t += 0.25) spans.playedTo(t);
    spans.playedTo(95);
    spans.playedTo(96);
    expect(spans.take(100)).toEqual([
      [0, 10],
      [95, 96],
    ]);
  });

  it('hands over only what is new since the last report, and keeps the open span going', () => {
    const spans = new WatchedSpans();
    spans.playedTo(0);
    spans.playedTo(1);
    expect(spans.take(60)).toEqual([[0, 1]]);
    spans.playedTo(2);
    spans.close();
    expect(spans.take(60)).toEqual([[1, 2]]);
    expect(spans.take(60)).toEqual([]);
  });

  it('keeps spans inside the item', () => {
    const spans = new WatchedSpans();
    spans.playedTo(58.96);
    spans.playedTo(60.04);
    expect(spans.take(60)).toEqual([[59, 60]]);
  });
});
