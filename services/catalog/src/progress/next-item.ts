import { clampSpans, isCompleted, limitNew, newSecondsAllowed, type Span, union } from './domain.ts';
import type { ItemProgress } from './store.ts';

/** What a player reported of an item since its previous report. */
export interface Played {
  positionSec: number;
  durationSec: number;
  watchedRanges: Span[];
}

/**
 * An item's progress after a report. A hosted video counts by what the server knows: its probed
 * length (`hostedSec`), spans within it, and no more new seconds than could have been played since
 * the previous report. An item without one keeps what the client says (it can only be marked done
 * and counts for nothing in a certificate's hours).
 */
export function nextItemProgress(opts: {
  previous: ItemProgress | undefined;
  /** Null for `{completed: true}`. */
  played: Played | null;
  markedDone: boolean;
  /** The probed length of the item's hosted video; undefined when it has none. */
  hostedSec: number | undefined;
  now: Date;
}): ItemProgress {
  const { previous, played, markedDone, hostedSec, now } = opts;
  const had = previous?.watched ?? [];
  // A pass told by the learning service stays whatever is played afterwards.
  const passed = previous?.passed ? { passed: true as const } : {};
  if (hostedSec !== undefined) {
    const elapsedSec = previous?.reportedAt ? (now.getTime() - previous.reportedAt.getTime()) / 1000 : null;
    const incoming = clampSpans(played?.watchedRanges ?? [], hostedSec);
    const watched = union([...had, ...limitNew(had, incoming, newSecondsAllowed(elapsedSec))]);
    return {
      positionSec: Math.min(played?.positionSec ?? previous?.positionSec ?? 0, hostedSec),
      durationSec: hostedSec,
      watched,
      completed: (previous?.completed ?? false) || isCompleted(watched, hostedSec),
      ...passed,
      reportedAt: now,
    };
  }
  const watched = union([...had, ...(played?.watchedRanges ?? [])]);
  const durationSec = played?.durationSec ?? previous?.durationSec ?? 0;
  return {
    positionSec: played?.positionSec ?? previous?.positionSec ?? 0,
    durationSec,
    watched,
    completed: (previous?.completed ?? false) || isCompleted(watched, durationSec) || markedDone,
    ...passed,
  };
}
