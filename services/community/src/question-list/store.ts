import { isDuplicateKey, storedCollection } from '@liveedu/service-kit';
import type { Db } from 'mongodb';

/**
 * A course's questions' changes, in order: every write to a question of the course raises `rev`
 * and then records which question changed under that number. Each process's read model of the
 * course reads this document by key before answering a list and re-reads only the questions
 * changed since it last looked, whichever replica changed them.
 */
export interface RevisionDoc {
  _id: string;
  rev: number;
  /** The newest changes (at most `KEPT_CHANGES`); a model further behind loads the course again. */
  changes: { rev: number; id: string }[];
}

export const KEPT_CHANGES = 500;

export const REVISIONS = storedCollection<RevisionDoc>('question_revisions');

/** Records that a question of the course changed (after the change is written). */
export async function markChanged(db: Db, courseId: string, questionId: string): Promise<void> {
  const revisions = REVISIONS.in(db);
  let raised: RevisionDoc | null = null;
  for (let attempt = 0; !raised; attempt += 1) {
    try {
      raised = await revisions.findOneAndUpdate(
        { _id: courseId },
        { $inc: { rev: 1 }, $setOnInsert: { changes: [] } },
        { upsert: true, returnDocument: 'after', projection: { rev: 1 } },
      );
    } catch (error) {
      // The course's first two changes at once: the other made the document; raise it again.
      if (!isDuplicateKey(error) || attempt > 2) throw error;
    }
  }
  await revisions.updateOne(
    { _id: courseId },
    { $push: { changes: { $each: [{ rev: raised.rev, id: questionId }], $slice: -KEPT_CHANGES } } },
  );
}

export async function revisionOf(db: Db, courseId: string): Promise<RevisionDoc | null> {
  return REVISIONS.in(db).findOne({ _id: courseId });
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
