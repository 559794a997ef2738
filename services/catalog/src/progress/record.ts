import {
  CATALOG_COURSE_COMPLETED,
  CATALOG_PROGRESS_RECORDED,
  type CatalogCourseCompletedData,
  type CatalogProgressRecordedData,
} from '@liveedu/contracts';
import { conflict, isDuplicateKey, newEvent, type Outbox } from '@liveedu/service-kit';
import type { Db } from 'mongodb';
import type { CourseItem } from '../courses/domain.ts';
import type { CourseDoc } from '../courses/store.ts';
import {
  covered,
  isCourseFinished,
  isItemCompleted,
  percentCompleted,
  standingsOf,
  watchedPoints,
} from './domain.ts';
import { type ItemProgress, PROGRESS, type ProgressDoc, progressId } from './store.ts';

const WRITE_ATTEMPTS = 8;

/** The hosted videos of a course's items. */
export const hostedVideos = (items: Array<{ videoId?: string }>) =>
  items.flatMap((item) => (item.videoId ? [item.videoId] : []));

/** One change to one item of a student's progress. */
export interface ProgressWrite {
  student: {
    userId: string;
    /** The name on a certificate, when this write finishes the course; null when unknown. */
    username: string | null;
    /** False for the course's tutor and the admin, who may go through a course without one. */
    certifiable: boolean;
  };
  course: CourseDoc;
  /** The course's items, with ids, in order. */
  items: Array<CourseItem & { _id: string }>;
  itemId: string;
  /** The item's progress after the change, from what was stored before it (undefined: nothing yet). */
  next(previous: ItemProgress | undefined, now: Date): ItemProgress;
  /** The items whose quiz or assignment a certificate needs passed. */
  required: ReadonlySet<string>;
  /** The probed lengths of the course's hosted videos, by video id. */
  durations: Map<string, number>;
  /** Whether "Continue" moves to this item (a report from the player) or stays (a pass told later). */
  moveResume: boolean;
  requestId?: string;
}

/** Whether anything of the item was played, marked done or passed. */
const isStarted = (item: ItemProgress | undefined) =>
  item !== undefined && (item.completed || item.passed === true || covered(item.watched) > 0);

/**
 * Writes one change into the student's progress with the events it causes — the item's new counts
 * for the tutor's analytics (`completed` when the item becomes completed by the rule of its kind),
 * and the course's completion, once: the write that sets `completedAt` is the only one that sends
 * it. A write is made on condition that nothing was written since it read (`rev`); one that finds
 * otherwise reads again and retries. Resolves to the progress as written.
 */
export async function writeProgress(db: Db, outbox: Outbox, write: ProgressWrite): Promise<ProgressDoc> {
  const { student, course, items, itemId, required, durations, requestId } = write;
  const courseId = course._id.toHexString();
  const progress = PROGRESS.in(db);
  const _id = progressId(student.userId, courseId);
  const at = items.findIndex((item) => item._id === itemId);
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt += 1) {
    const before = await progress.findOne({ _id });
    const previous = before?.items[itemId];
    const now = new Date();
    const next = write.next(previous, now);
    const all = { ...(before?.items ?? {}), [itemId]: next };
    const was = standingsOf(items, before?.items ?? {}, required);
    const is = standingsOf(items, all, required);
    const wasCompleted = at >= 0 && isItemCompleted(was[at]!);
    const completed = at >= 0 && isItemCompleted(is[at]!);
    const finished = !before?.completedAt && isCourseFinished(is);
    const events = [];
    const seenBefore = watchedPoints(previous?.watched ?? [], previous?.durationSec ?? next.durationSec);
    const recorded: CatalogProgressRecordedData = {
      courseId,
      itemId,
      studentId: student.userId,
      started: !isStarted(previous) && isStarted(next),
      completed: completed && !wasCompleted,
      newlyWatched: [...watchedPoints(next.watched, next.durationSec)].filter((k) => !seenBefore.has(k)),
    };
    if (recorded.started || recorded.completed || recorded.newlyWatched.length > 0) {
      events.push(newEvent(CATALOG_PROGRESS_RECORDED, recorded, { requestId }));
    }
    if (finished && student.certifiable) {
      // The event comes back until the student's name is known (identity's events bring it).
      if (student.username === null) throw new Error(`the name of student ${student.userId} is not known`);
      events.push(
        newEvent(
          CATALOG_COURSE_COMPLETED,
          {
            studentId: student.userId,
            studentName: student.username,
            courseId,
            completedAt: now.toISOString(),
            durationSec: Math.round(hostedVideos(items).reduce((sum, v) => sum + (durations.get(v) ?? 0), 0)),
          } satisfies CatalogCourseCompletedData,
          { requestId },
        ),
      );
    }
    const resume = write.moveResume
      ? { itemId, positionSec: next.positionSec }
      : (before?.resume ?? { itemId, positionSec: next.positionSec });
    const percent = percentCompleted(is);
    if (!before) {
      const doc: ProgressDoc = {
        _id,
        studentId: student.userId,
        courseId,
        items: { [itemId]: next },
        resume,
        ...(finished ? { completedAt: now } : {}),
        percent,
        rev: 1,
        updatedAt: now,
      };
      try {
        await outbox.insertOne<ProgressDoc>(PROGRESS.collection, doc, events);
        return doc;
      } catch (error) {
        if (isDuplicateKey(error)) continue;
        throw error;
      }
    }
    const written = await outbox.updateOne<ProgressDoc>(
      PROGRESS.collection,
      { _id, rev: before.rev },
      {
        $set: {
          [`items.${itemId}`]: next,
          resume,
          percent,
          updatedAt: now,
          ...(finished ? { completedAt: now } : {}),
        },
        $inc: { rev: 1 },
      },
      events,
    );
    if (written.modifiedCount === 1) {
      return {
        ...before,
        items: all,
        resume,
        percent,
        rev: before.rev + 1,
        updatedAt: now,
        ...(finished ? { completedAt: now } : {}),
      };
    }
  }
  throw conflict('Your progress changed meanwhile; please try again');
}
