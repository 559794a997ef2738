/**
 * What the player actually played, as spans of seconds: a span grows while playback moves forward
 * in small steps, and ends at a pause, a seek or a jump. The spans since the last report go to
 * `PUT progress/{courseId}/{itemId}`; the server keeps their union, so a seek to the end adds
 * nothing but the seconds really played there.
 */
export type Span = [number, number];

/** Time updates further apart than this are a jump (a seek), not playback. */
const MAX_STEP_SEC = 2;

export class WatchedSpans {
  private spans: Span[] = [];
  private open: Span | null = null;

  /** The player's position now, while it is playing. */
  playedTo(seconds: number): void {
    if (this.open && seconds >= this.open[1] && seconds - this.open[1] <= MAX_STEP_SEC) {
      this.open[1] = seconds;
      return;
    }
    this.close();
    this.open = [seconds, seconds];
  }

  /** Playback stopped (pause, seek, end): the span so far is kept. */
  close(): void {
    if (this.open && this.open[1] > this.open[0]) this.spans.push(this.open);
    this.open = null;
  }

  /** The spans since the last call, rounded to tenths and clamped to the item; the open one continues. */
  take(durationSec: number): Span[] {
    const out = [...this.spans];
    if (this.open && this.open[1] > this.open[0]) {
      out.push([this.open[0], this.open[1]]);
      this.open = [this.open[1], this.open[1]];
    }
    this.spans = [];
    const clamp = (s: number) => Math.min(durationSec, Math.max(0, Math.round(s * 10) / 10));
    return out.map(([a, b]) => [clamp(a), clamp(b)] as Span).filter(([a, b]) => b > a);
  }
}
