import type { CourseItem } from '../courses/domain.ts';
import { RETENTION_POINTS } from '../progress/domain.ts';

/** What the counts of one item are made of (see store.ts). */
export interface ItemCounts {
  started: number;
  completed: number;
  watched: number[];
}

const share = (n: number, of: number) => (of > 0 ? Math.min(1, n / of) : 0);

/**
 * One item's line in the tutor's analytics: counts, their shares of the course's students, and for
 * a hosted video the share of its viewers still watching at each twentieth of its length.
 */
export function itemAnalytics(
  item: CourseItem & { _id: string },
  counts: ItemCounts | undefined,
  enrolled: number,
) {
  const started = counts?.started ?? 0;
  const completed = counts?.completed ?? 0;
  return {
    itemId: item._id,
    videoTitle: item.videoTitle,
    hosted: Boolean(item.videoId),
    started,
    completed,
    startedShare: share(started, enrolled),
    completedShare: share(completed, enrolled),
    retention: item.videoId
      ? (counts?.watched ?? new Array(RETENTION_POINTS).fill(0)).map((w) => share(w, started))
      : null,
  };
}
