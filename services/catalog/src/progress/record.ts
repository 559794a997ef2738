import {
  CATALOG_COURSE_COMPLETED,
  CATALOG_PROGRESS_RECORDED,
  type CallerIdentity,
  type CatalogCourseCompletedData,
  type CatalogProgressRecordedData,
} from '@liveedu/contracts';
import { conflict, isDuplicateKey, newEvent, type Outbox } from '@liveedu/service-kit';
import type { Db } from 'mongodb';
import type { CourseDoc } from '../courses/store.ts';
import { covered, watchedPoints } from './domain.ts';
import { nextItemProgress, type Played } from './next-item.ts';
import { PROGRESS, type ProgressDoc, progressId } from './store.ts';

const WRITE_ATTEMPTS = 8;

/** The hosted videos of a course's items. */
export const hostedVideos = (items: Array<{ videoId?: string }>) =>
  items.flatMap((item) => (item.videoId ? [item.videoId] : []));

/** One report of one item, checked by the route. */
export interface ProgressReport {
  who: CallerIdentity;
  course: CourseDoc;
  /** The course's items, with ids, in order. */
  items: Array<{ _id: string; videoId?: string }>;
  itemId: string;
  /** Null for `{completed: true}`. */
  played: Played | null;
  markedDone: boolean;
  /** The hosted video's probed length, when the item has one. */
  hostedSec: number | undefined;
  /** The probed lengths of the course's hosted videos, by video id. */
  durations: Map<string, number>;
  requestId: string;
}

/**
 * Writes a report into the student's progress with the events it causes (the item's new counts
 * for the tutor's analytics, and the course's completion), retrying when another report of the
 * same student wrote in between. Resolves to the progress as written.
 */
export async function recordProgress(db: Db, outbox: Outbox, report: ProgressReport): Promise<ProgressDoc> {
  const { who, course, items, itemId, played, markedDone, hostedSec, durations, requestId } = report;
  const courseId = course._id.toHexString();
  const progress = PROGRESS.in(db);
  // The course's tutor and the admin may try the course; a certificate is for its students.
  const certifiable = who.role !== 'admin' && who.userId !== course.tutorId;
  const _id = progressId(who.userId, courseId);
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt += 1) {
    const before = await progress.findOne({ _id });
    const previous = before?.items[itemId];
    const now = new Date();
    const next = nextItemProgress({ previous, played, markedDone, hostedSec, now });
    const { watched, durationSec } = next;
    const all = { ...(before?.items ?? {}), [itemId]: next };
    const finished = !before?.completedAt && items.every((candidate) => all[candidate._id]?.completed);
    const events = [];
    const wasStarted = previous !== undefined && (previous.completed || covered(previous.watched) > 0);
    const seenBefore = watchedPoints(previous?.watched ?? [], previous?.durationSec ?? durationSec);
    const recorded: CatalogProgressRecordedData = {
      courseId,
      itemId,
      studentId: who.userId,
      started: !wasStarted && (next.completed || covered(watched) > 0),
      completed: next.completed && !(previous?.completed ?? false),
      newlyWatched: [...watchedPoints(watched, durationSec)].filter((k) => !seenBefore.has(k)),
    };
    if (recorded.started || recorded.completed || recorded.newlyWatched.length > 0) {
      events.push(newEvent(CATALOG_PROGRESS_RECORDED, recorded, { requestId }));
    }
    if (finished && certifiable) {
      events.push(
        newEvent(
          CATALOG_COURSE_COMPLETED,
          {
            studentId: who.userId,
            studentName: who.username,
            courseId,
            completedAt: now.toISOString(),
            durationSec: Math.round(hostedVideos(items).reduce((sum, v) => sum + (durations.get(v) ?? 0), 0)),
          } satisfies CatalogCourseCompletedData,
          { requestId },
        ),
      );
    }
    const resume = { itemId, positionSec: next.positionSec };
    const percent = Math.floor((100 * items.filter((i) => all[i._id]?.completed).length) / items.length);
    if (!before) {
      const doc: ProgressDoc = {
        _id,
        studentId: who.userId,
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
      return { ...before, items: all, resume, ...(finished ? { completedAt: now } : {}) };
    }
  }
  throw conflict('Your progress changed meanwhile; please try again');
}
