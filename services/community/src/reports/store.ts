import { isDuplicateKey, storedCollection } from '@liveedu/service-kit';
import type { Db, ObjectId } from 'mongodb';
import { ANSWERS, QUESTIONS } from '../posts/store.ts';
import { markChanged } from '../question-list/store.ts';

/** The reports of one post, keyed by the post's id: what the admin decides on once. */
export interface ReportDoc {
  _id: ObjectId;
  kind: 'question' | 'answer';
  questionId: ObjectId;
  answerId: ObjectId | null;
  courseId: string;
  /** The question's title, and the reported post's text and author when first reported. */
  title: string;
  excerpt: string;
  authorId: string | null;
  authorName: string;
  byInstructor: boolean;
  reasons: { reason: string; reporterId: string; at: Date }[];
  status: 'open' | 'hidden' | 'dismissed';
  createdAt: Date;
  updatedAt: Date;
}

/** One user's report of one post, keyed `<postId>:<userId>`: a post is reported once per user. */
export interface ReportMarkDoc {
  _id: string;
  at: Date;
}

export const REPORTS = storedCollection<ReportDoc>('reports', [
  { key: { status: 1, updatedAt: -1 }, name: 'by_status' },
]);
export const REPORT_MARKS = storedCollection<ReportMarkDoc>('report_marks');

/** Adds a user's report of a post; false when they reported it already. */
export async function fileReport(
  db: Db,
  report: Omit<ReportDoc, 'reasons' | 'status' | 'createdAt' | 'updatedAt'>,
  reporterId: string,
  reason: string,
): Promise<boolean> {
  const at = new Date();
  try {
    await REPORT_MARKS.in(db).insertOne({ _id: `${report._id.toHexString()}:${reporterId}`, at });
  } catch (error) {
    if (isDuplicateKey(error)) return false;
    throw error;
  }
  const write = () =>
    REPORTS.in(db).updateOne(
      { _id: report._id },
      {
        $push: { reasons: { reason, reporterId, at } },
        $set: { updatedAt: at },
        $setOnInsert: { ...withoutId(report), status: 'open', createdAt: at },
      },
      { upsert: true },
    );
  await write().catch((error: unknown) => {
    // The post's first two reports at once: the other made the document.
    if (!isDuplicateKey(error)) throw error;
    return write();
  });
  // A report dismissed before opens again with the new one.
  await REPORTS.in(db).updateOne({ _id: report._id, status: 'dismissed' }, { $set: { status: 'open' } });
  return true;
}

const withoutId = <T extends { _id: unknown }>({ _id, ...rest }: T) => rest;

/**
 * Hides the reported post from everyone but its author, or shows it again; a hidden answer no
 * longer counts on its question. Each flip counts once however often it is asked.
 */
export async function setHidden(db: Db, report: ReportDoc, hidden: boolean): Promise<void> {
  if (report.kind === 'question') {
    await QUESTIONS.in(db).updateOne({ _id: report.questionId }, { $set: { hidden } });
  } else if (report.answerId) {
    const flipped = await ANSWERS.in(db).updateOne(
      { _id: report.answerId, hidden: !hidden },
      { $set: { hidden } },
    );
    if (flipped.modifiedCount === 1) {
      await QUESTIONS.in(db).updateOne(
        { _id: report.questionId, answerIds: report.answerId },
        { $inc: { answerCount: hidden ? -1 : 1 } },
      );
    }
  }
  await markChanged(db, report.courseId, report.questionId.toHexString());
}
