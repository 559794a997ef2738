import type { Db } from 'mongodb';
import type { Span } from './watched.ts';

export const PROGRESS = 'progress';

export interface ItemProgress {
  positionSec: number;
  durationSec: number;
  /** The union of what was played, in seconds. */
  watched: Span[];
  completed: boolean;
  /** When the item was last reported (hosted videos: what the next report may add counts from it). */
  reportedAt?: Date;
}

/** One student's progress in one course (`_id` is `studentId:courseId`). */
export interface ProgressDoc {
  _id: string;
  studentId: string;
  courseId: string;
  items: Record<string, ItemProgress>;
  /** The last item reported, where "Continue" opens the player. */
  resume: { itemId: string; positionSec: number } | null;
  completedAt?: Date;
  /** Completed items in percent of the course's items when last written (for lists of courses). */
  percent: number;
  /** Bumped by every write: a write that read an older one is refused and retried. */
  rev: number;
  updatedAt: Date;
}

export const progressId = (studentId: string, courseId: string) => `${studentId}:${courseId}`;
export const progressOf = (db: Db) => db.collection<ProgressDoc>(PROGRESS);
