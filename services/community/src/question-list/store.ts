import { isDuplicateKey, storedCollection } from '@liveedu/service-kit';
import type { Db } from 'mongodb';

/**
 * A course's questions' changes, in order: every write to a question of the course raises `rev`
 * and appends the question's id to `changes` in the same update, so the last of `changes` is
 * change number `rev`. Each process's read model of the course reads this document by key before
 * answering a list and re-reads only the questions changed since it last looked, whichever
 * replica changed them.
 */
export interface RevisionDoc {
  _id: string;
  rev: number;
  /** The ids of the newest changes' questions (at most `KEPT_CHANGES`); a model further behind loads the course again. */
  changes: string[];
}

export const KEPT_CHANGES = 500;

export const REVISIONS = storedCollection<RevisionDoc>('question_revisions');

/** Records that a question of the course changed (after the change is written). */
export async function markChanged(db: Db, courseId: string, questionId: string): Promise<void> {
  const change = () =>
    REVISIONS.in(db).updateOne(
      { _id: courseId },
      { $inc: { rev: 1 }, $push: { changes: { $each: [questionId], $slice: -KEPT_CHANGES } } },
      { upsert: true },
    );
  await change().catch((error: unknown) => {
    // The course's first two changes at once: the other made the document; this one goes on it.
    if (!isDuplicateKey(error)) throw error;
    return change();
  });
}

/** The questions changed after revision `since`, or null when the document no longer goes back that far. */
export function changedSince(revision: RevisionDoc, since: number): string[] | null {
  const first = revision.rev - revision.changes.length + 1;
  if (since + 1 < first) return null;
  return revision.changes.slice(since + 1 - first);
}

export async function revisionOf(db: Db, courseId: string): Promise<RevisionDoc | null> {
  return REVISIONS.in(db).findOne({ _id: courseId });
}

/**
 * How far the course's questions have changed (0 before any change), without the ids of the
 * changes: what every read of a list asks, to learn that its model is still current.
 */
export async function revisionNumberOf(db: Db, courseId: string): Promise<number> {
  return (await REVISIONS.in(db).findOne({ _id: courseId }, { projection: { rev: 1 } }))?.rev ?? 0;
}

/** The courses of each tutor that have questions: the tutor's inbox reads these courses' models. */
export interface TutorCoursesDoc {
  _id: string;
  courseIds: string[];
}

export const TUTOR_COURSES = storedCollection<TutorCoursesDoc>('tutor_question_courses');

export async function noteTutorCourse(db: Db, tutorId: string, courseId: string): Promise<void> {
  await TUTOR_COURSES.in(db)
    .updateOne({ _id: tutorId }, { $addToSet: { courseIds: courseId } }, { upsert: true })
    .catch(async (error: unknown) => {
      if (!isDuplicateKey(error)) throw error;
      await TUTOR_COURSES.in(db).updateOne({ _id: tutorId }, { $addToSet: { courseIds: courseId } });
    });
}
