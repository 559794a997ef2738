/**
 * What the player actually played, as spans of media seconds, kept from the media element's
 * events: a span opens where playback started (`playing`), grows with each `timeupdate`, and ends
 * at the pause position (`pause`), at the duration (`ended`), or where the playhead was when a seek
 * began (`seeking`: the last position seen, moved on by the time since at the playback rate). A
 * seek never counts the part it skipped, and a faster or slower rate counts media seconds, not
 * wall seconds. The spans since the last report go to `PUT progress/{courseId}/{itemId}`; the
 * server keeps their union.
 *
 * Every method takes positions in media seconds and, where the clock matters, `now` in
 * milliseconds (`performance.now()`), so the recorder is exact to the player's clock and testable
 * without one.
 */
export type Span = [number, number];

/**
 * Positions further apart than this many media seconds at rate 1 between two observations are a
 * jump, not playback (time updates come every ~250 ms while playing).
 */
const MAX_STEP_SEC = 2;
/** A position this little behind the span's end is the same place (a quality switch nudges it). */
const SAME_PLACE_SEC = 0.05;
/**
 * Playback that goes on at most this far past where it stopped resumes there: the element's clock
 * may have moved on a hair by the time `playing` is told, and that hair was played.
 */
const RESUME_SLACK_SEC = 0.3;
/** At most this long is the playhead taken to have moved on since it was last seen. */
const MAX_UNSEEN_MS = 1000;

export class WatchedSpans {
  private spans: Span[] = [];
  private open: Span | null = null;
  /** When the open span's end was seen (ms). */
  private seenAt = 0;
  private rate = 1;
  /** Where the last span ended, while the playhead has stayed there (so `ended` after `pause` adds the rest). */
  private stoppedAt: number | null = null;

  /** Playback started or went on at `seconds` (`playing`, or `seeked` while playing). */
  playing(seconds: number, now: number): void {
    if (this.open && this.follows(seconds)) {
      this.open[1] = Math.max(this.open[1], seconds);
      this.seenAt = now;
      return;
    }
    this.close();
    const from = this.resumesAt(seconds);
    this.open = [from, seconds];
    this.seenAt = now;
    this.stoppedAt = null;
  }

  /** The playhead is at `seconds` while playing (`timeupdate`). */
  playedTo(seconds: number, now: number): void {
    if (this.open && this.follows(seconds)) {
      this.open[1] = Math.max(this.open[1], seconds);
      this.seenAt = now;
      return;
    }
    // No open span (an event was missed), or a jump nobody announced as a seek: start anew here.
    this.playing(seconds, now);
  }

  /** Playback stopped with the playhead at `seconds` (`pause`, `waiting`, leaving the player). */
  stopped(seconds: number): void {
    if (this.open && this.follows(seconds)) this.open[1] = Math.max(this.open[1], seconds);
    this.close();
  }

  /** A seek began: the span ends where the playhead was, which the element no longer tells. */
  seeking(now: number): void {
    if (!this.open) return;
    const unseenMs = Math.min(MAX_UNSEEN_MS, Math.max(0, now - this.seenAt));
    this.open[1] += (unseenMs / 1000) * this.rate;
    this.close();
    this.stoppedAt = null;
  }

  /** Playback reached the end of an item `durationSec` long (`ended`, which follows `pause`). */
  ended(durationSec: number): void {
    if (this.open) {
      this.stopped(durationSec);
    } else if (this.stoppedAt !== null && this.followsFrom(this.stoppedAt, durationSec)) {
      if (durationSec > this.stoppedAt) this.spans.push([this.stoppedAt, durationSec]);
    }
    this.stoppedAt = null;
  }

  /** The playback rate changed with the playhead at `seconds`; `playing` says whether it moves. */
  rateChanged(rate: number, seconds: number, now: number, playing: boolean): void {
    if (playing && this.open) this.playedTo(seconds, now);
    this.rate = rate > 0 && Number.isFinite(rate) ? rate : 1;
  }

  /** Ends the open span where it is. */
  close(): void {
    if (!this.open) return;
    if (this.open[1] > this.open[0]) this.spans.push(this.open);
    this.stoppedAt = this.open[1];
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

  /** Where a span starting at `seconds` begins: where playback stopped, when it goes on from there. */
  private resumesAt(seconds: number): number {
    const at = this.stoppedAt;
    return at !== null && seconds >= at - SAME_PLACE_SEC && seconds - at <= RESUME_SLACK_SEC ? at : seconds;
  }

  private follows(seconds: number): boolean {
    return this.open !== null && this.followsFrom(this.open[1], seconds);
  }

  private followsFrom(from: number, seconds: number): boolean {
    return seconds >= from - SAME_PLACE_SEC && seconds - from <= MAX_STEP_SEC * Math.max(1, this.rate);
  }
}
