/**
 * What a student watched of one item: the union of the spans the player reported actually
 * playing. A video counts as watched when that union covers at least 90% of it; a position
 * alone, or a seek to the end, covers nothing. Then the rules over that: when an item is
 * completed (by its kind, and what it requires passed), when a course is finished, and which
 * items a sequential course keeps locked.
 */

import type { ItemKind } from '../courses/domain.ts';

export type Span = [number, number];

export const COMPLETED_SHARE = 0.9;
/** More spans than this are merged into fewer by the union anyway; a report may not send more. */
export const MAX_SPANS_PER_REPORT = 500;

/** Sorted, non-overlapping spans covering the same seconds as the given ones. */
export function union(spans: readonly Span[]): Span[] {
  const sorted = spans.filter(([start, end]) => end > start).sort((a, b) => a[0] - b[0]);
  const out: Span[] = [];
  for (const [start, end] of sorted) {
    const last = out[out.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else out.push([start, end]);
  }
  return out;
}

export const covered = (spans: readonly Span[]) =>
  spans.reduce((sum, [start, end]) => sum + (end - start), 0);

export function isCompleted(spans: readonly Span[], durationSec: number): boolean {
  return durationSec > 0 && covered(spans) >= COMPLETED_SHARE * durationSec;
}

/** Why a report cannot be kept, or null: positions and spans must lie within the item. */
export function checkReport(report: {
  positionSec: number;
  durationSec: number;
  watchedRanges: Span[];
}): string | null {
  const { positionSec, durationSec, watchedRanges } = report;
  if (!(durationSec > 0)) return 'durationSec must be more than 0';
  if (positionSec < 0 || positionSec > durationSec) return 'positionSec must be between 0 and durationSec';
  for (const [start, end] of watchedRanges) {
    if (start < 0 || end > durationSec || start > end) {
      return 'Each watched range must be [start, end] within 0 and durationSec';
    }
  }
  return null;
}

/** The retention curve's resolution: one point per 5% of an item. */
export const RETENTION_POINTS = 20;

/** Which twentieths of an item the spans cover (a twentieth counts when its middle was played). */
export function watchedPoints(spans: readonly Span[], durationSec: number): Set<number> {
  const points = new Set<number>();
  if (!(durationSec > 0)) return points;
  for (let k = 0; k < RETENTION_POINTS; k += 1) {
    const at = ((k + 0.5) * durationSec) / RETENTION_POINTS;
    if (spans.some(([start, end]) => start <= at && at <= end)) points.add(k);
  }
  return points;
}

/** The fastest playback rate the player offers: a second of wall time plays at most this much. */
export const FASTEST_RATE = 2;
/** Slack on the clocks of the player and the server between two reports. */
export const CLOCK_SLACK = 1.1;
/** A first report of an item comes within this long of playing (the player reports every 10 s). */
export const FIRST_REPORT_WINDOW_SEC = 15;

/**
 * Most new watched seconds a report of a hosted video may add, `elapsedSec` after the item's
 * previous report (null for the first): what the fastest rate plays in that time, plus slack.
 */
export const newSecondsAllowed = (elapsedSec: number | null) =>
  Math.max(0, elapsedSec ?? FIRST_REPORT_WINDOW_SEC) * FASTEST_RATE * CLOCK_SLACK;

/**
 * The parts of `incoming` not yet in `previous`, earliest first, cut so that together they add
 * at most `maxNewSec` seconds (a report claiming more than could have been played keeps only
 * what could).
 */
export function limitNew(previous: readonly Span[], incoming: readonly Span[], maxNewSec: number): Span[] {
  const have = union([...previous]);
  const out: Span[] = [];
  let budget = maxNewSec;
  const take = (start: number, end: number) => {
    if (budget <= 0 || end <= start) return;
    const until = Math.min(end, start + budget);
    out.push([start, until]);
    budget -= until - start;
  };
  for (const [start, end] of union([...incoming])) {
    let cursor = start;
    for (const [a, b] of have) {
      if (b <= cursor) continue;
      if (a >= end) break;
      take(cursor, Math.min(a, end));
      cursor = Math.max(cursor, b);
      if (cursor >= end) break;
    }
    take(cursor, end);
  }
  return out;
}

/** Spans kept within an item `durationSec` long. */
export const clampSpans = (spans: readonly Span[], durationSec: number): Span[] =>
  spans
    .map(([a, b]) => [Math.min(a, durationSec), Math.min(b, durationSec)] as Span)
    .filter(([a, b]) => b > a);

/** What is known of one student's item, as the completion rule reads it. */
export interface ItemStanding {
  kind: ItemKind;
  /** A video watched to 90% (or a linked one marked done); an article marked done. */
  done: boolean;
  /** Its quiz or assignment was passed (a video's in-video quiz, or the item's own). */
  passed: boolean;
  /** The item's quiz or assignment must be passed for a certificate, as its tutor last saved it. */
  required: boolean;
}

/**
 * Whether an item is completed: a video when watched (or marked done, for a link) and, when an
 * in-video quiz is required, also passed; an article when marked done; a quiz or an assignment
 * when passed.
 */
export function isItemCompleted(item: ItemStanding): boolean {
  switch (item.kind) {
    case 'video':
      return item.done && (!item.required || item.passed);
    case 'article':
      return item.done;
    default:
      return item.passed;
  }
}

/** Whether a certificate waits for the item: every item but a quiz or an assignment nobody requires. */
export const countsForCertificate = (item: Pick<ItemStanding, 'kind' | 'required'>) =>
  item.required || (item.kind !== 'quiz' && item.kind !== 'assignment');

/** A course is finished once every item a certificate waits for is completed. */
export const isCourseFinished = (items: readonly ItemStanding[]) =>
  items.every((item) => !countsForCertificate(item) || isItemCompleted(item));

/** Completed items in percent of all of them, rounded down. */
export function percentCompleted(items: readonly ItemStanding[]): number {
  if (items.length === 0) return 0;
  return Math.floor((100 * items.filter(isItemCompleted).length) / items.length);
}

/**
 * Which items of a course, in order, are still locked for a learner: in a sequential course, for
 * a student, each item until the one before it is completed; nothing otherwise.
 */
export function lockedItems(opts: { sequential: boolean; student: boolean; completed: readonly boolean[] }) {
  const { sequential, student, completed } = opts;
  return completed.map((_, i) => sequential && student && i > 0 && !completed[i - 1]);
}

/** What the completion rule reads of a course's items, in order, from a student's progress. */
export function standingsOf(
  items: ReadonlyArray<{ _id: string; kind?: ItemKind }>,
  progress: Readonly<Record<string, { completed: boolean; passed?: boolean } | undefined>>,
  required: ReadonlySet<string>,
): ItemStanding[] {
  return items.map((item) => ({
    kind: item.kind ?? 'video',
    done: progress[item._id]?.completed ?? false,
    passed: progress[item._id]?.passed ?? false,
    required: required.has(item._id),
  }));
}
