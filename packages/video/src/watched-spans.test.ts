import { describe, expect, it } from 'vitest';
import { type Span, WatchedSpans } from './watched-spans.ts';

/**
 * A media element's clock as the recorder sees it: `timeupdate` every 250 ms of wall time while
 * playing, the position moving at the playback rate.
 */
class Playhead {
  readonly spans = new WatchedSpans();
  at = 0;
  now = 0;
  rate = 1;
  playing = false;

  play(): this {
    this.playing = true;
    this.spans.playing(this.at, this.now);
    return this;
  }
  /** Plays on for `ms` of wall time, with a time update every 250 ms; the last one may not come. */
  run(ms: number, lastUpdate = true): this {
    const end = this.now + ms;
    while (this.now < end) {
      const step = Math.min(250, end - this.now);
      this.now += step;
      this.at += (step / 1000) * this.rate;
      if (this.now < end || lastUpdate) this.spans.playedTo(this.at, this.now);
    }
    return this;
  }
  /** Paused between two time updates: the element reports the exact position. */
  pause(afterMs = 0): this {
    this.at += (afterMs / 1000) * this.rate;
    this.now += afterMs;
    this.playing = false;
    this.spans.stopped(this.at);
    return this;
  }
  /** A seek `afterMs` past the last time update: `seeking` with the new position set, then `seeked`. */
  seek(to: number, afterMs = 0): this {
    this.now += afterMs;
    this.at = to;
    this.spans.seeking(this.now);
    if (this.playing) this.spans.playing(this.at, this.now);
    return this;
  }
  setRate(rate: number): this {
    this.spans.rateChanged(rate, this.at, this.now, this.playing);
    this.rate = rate;
    return this;
  }
}

const total = (spans: Span[]) => spans.reduce((sum, [a, b]) => sum + (b - a), 0);

/** The server's union, so a test can say what was covered. */
function union(spans: Span[]): Span[] {
  const out: Span[] = [];
  for (const [a, b] of [...spans].sort((x, y) => x[0] - y[0])) {
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

describe('what the player played', () => {
  it('counts a 10-second lecture watched with pauses, a leave and a "Continue" as every second', () => {
    // The reported case: pause at 2 s, play, leave at 6.6 s, come back at 6.6 s, play to the end.
    const first = new Playhead().play().run(2000, false).pause(0);
    const reports: Span[] = [...first.spans.take(10.09)];
    first.play().run(4500, false).pause(100); // leaving stops the player where it is: 6.6 s
    expect(first.at).toBeCloseTo(6.6, 5);
    reports.push(...first.spans.take(10.09));

    const back = new Playhead();
    back.at = 6.6;
    back.play().run(3400, false);
    back.pause(90); // the end: `pause` at 10.09 s, then `ended`
    back.spans.ended(10.09);
    reports.push(...back.spans.take(10.09));
    expect(union(reports)).toEqual([[0, 10.09]]);
    expect(total(union(reports))).toBeCloseTo(10.09, 5);
  });

  it('starts a span where playback started, not at the first time update', () => {
    const player = new Playhead();
    player.at = 42;
    player.play();
    player.now += 240; // the first time update is a quarter of a second away
    player.at += 0.24;
    player.spans.playedTo(player.at, player.now);
    expect(player.spans.take(60)).toEqual([[42, 42.2]]);
  });

  it('extends a span to the pause position', () => {
    const player = new Playhead().play().run(1000).pause(180);
    expect(player.spans.take(60)).toEqual([[0, 1.2]]);
  });

  it('extends a span to the duration on ended, also after the pause that comes first', () => {
    const player = new Playhead();
    player.at = 8;
    player.play().run(1750).pause(0);
    player.spans.ended(9.9);
    expect(union(player.spans.take(9.9))).toEqual([[8, 9.9]]);

    const stillOpen = new Playhead();
    stillOpen.at = 8;
    stillOpen.play().run(1750);
    stillOpen.spans.ended(9.9);
    expect(stillOpen.spans.take(9.9)).toEqual([[8, 9.9]]);
  });

  it('ends a span where a seek began and never counts the skipped part', () => {
    const forward = new Playhead().play().run(3000).seek(50, 200).run(1000);
    expect(forward.spans.take(100)).toEqual([
      [0, 3.2],
      [50, 51],
    ]);
    const back = new Playhead();
    back.at = 30;
    back.play().run(2000).seek(10, 100).run(500).pause(0);
    expect(back.spans.take(100)).toEqual([
      [30, 32.1],
      [10, 10.5],
    ]);
  });

  it('counts media seconds at another playback rate', () => {
    const fast = new Playhead().play().setRate(2).run(5000).pause(125);
    expect(fast.spans.take(100)).toEqual([[0, 10.3]]);
    const slow = new Playhead().play().setRate(0.5).run(4000).seek(40, 200).pause(0);
    expect(slow.spans.take(100)).toEqual([[0, 2.1]]);
  });

  it('keeps counting through a quality switch that nudges the playhead back a hair', () => {
    const player = new Playhead().play().run(2000);
    player
      .seek(player.at - 0.0001, 10)
      .run(1000)
      .pause(0);
    expect(union(player.spans.take(60))).toEqual([[0, 3]]);
  });

  it('resumes a span where the pause left it, though the clock moved on a hair before playing was told', () => {
    // Paused at 1.74 s and played again: \`playing\` comes with the clock at 1.76 s. Reported apart
    // and rounded to tenths, the two spans still meet (1.75 s, the middle of a twentieth, was played).
    const player = new Playhead().play().run(1500).pause(240);
    const reports = player.spans.take(10);
    player.at += 0.02;
    player.play().run(1000).pause(0);
    reports.push(...player.spans.take(10));
    expect(union(reports)).toEqual([[0, 2.8]]);
  });

  it('counts a stall as a stop and goes on from where playback came back', () => {
    const player = new Playhead().play().run(1500);
    player.spans.stopped(player.at); // waiting: the buffer ran dry
    player.now += 3000; // nothing plays meanwhile
    player.play().run(1000).pause(0);
    expect(union(player.spans.take(60))).toEqual([[0, 2.5]]);
  });

  it('hands over only what is new since the last report, and keeps the open span going', () => {
    const player = new Playhead().play().run(1000);
    expect(player.spans.take(60)).toEqual([[0, 1]]);
    player.run(1000).pause(0);
    expect(player.spans.take(60)).toEqual([[1, 2]]);
    expect(player.spans.take(60)).toEqual([]);
  });

  it('takes a jump nobody announced as a new span, and keeps spans inside the item', () => {
    const player = new Playhead();
    player.at = 58.96;
    player.play().run(1080);
    player.spans.playedTo(95, player.now + 250);
    expect(player.spans.take(60)).toEqual([[59, 60]]);
  });

  it('counts nothing for a seek while paused, and the resume start position is where it starts', () => {
    const player = new Playhead();
    player.seek(6.6, 0); // the native player's resume seek, before anything plays
    player.play().run(1000).pause(0);
    expect(player.spans.take(10)).toEqual([[6.6, 7.6]]);
  });
});
