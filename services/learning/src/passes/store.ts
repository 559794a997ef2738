import { LEARNING_ITEM_PASSED, type LearningItemPassedData } from '@liveedu/contracts';
import { isDuplicateKey, newEvent, type Outbox, storedCollection } from '@liveedu/service-kit';
import type { Db } from 'mongodb';

/** A student passed an item (`_id` is `studentId:courseId:itemId`): written once, with its event. */
export interface PassDoc {
  _id: string;
  studentId: string;
  courseId: string;
  itemId: string;
  by: 'quiz' | 'assignment';
  passedAt: Date;
}

export const PASSES = storedCollection<PassDoc>('passes', [
  { key: { studentId: 1, courseId: 1 }, name: 'by_student_course' },
]);

const passId = (at: { studentId: string; courseId: string; itemId: string }) =>
  `${at.studentId}:${at.courseId}:${at.itemId}`;

/**
 * Records a student's pass of an item and tells the catalog (`learning.item.passed`), once: a
 * second pass of the same item, even at the same moment, writes and publishes nothing.
 */
export async function recordPass(
  outbox: Outbox,
  pass: Omit<PassDoc, '_id' | 'passedAt'>,
  requestId: string,
): Promise<void> {
  const passedAt = new Date();
  const data: LearningItemPassedData = {
    studentId: pass.studentId,
    courseId: pass.courseId,
    itemId: pass.itemId,
    by: pass.by,
    passedAt: passedAt.toISOString(),
  };
  try {
    await outbox.insertOne<PassDoc>(PASSES.collection, { _id: passId(pass), ...pass, passedAt }, [
      newEvent(LEARNING_ITEM_PASSED, data, { requestId }),
    ]);
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
}

/** Whether the student passed the item. */
export async function hasPassed(db: Db, at: { studentId: string; courseId: string; itemId: string }) {
  return (await PASSES.in(db).countDocuments({ _id: passId(at) }, { limit: 1 })) > 0;
}
