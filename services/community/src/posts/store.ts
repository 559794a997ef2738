import { storedCollection } from '@liveedu/service-kit';
import type { ObjectId } from 'mongodb';

/** What questions and answers alike are: a text someone wrote in a course, that others upvote. */
interface PostDoc {
  _id: ObjectId;
  courseId: string;
  body: string;
  bodyHtml: string;
  /** null once the author's account is deleted. */
  authorId: string | null;
  authorName: string;
  /** Written by the course's tutor. */
  byInstructor: boolean;
  createdAt: Date;
  editedAt: Date | null;
  upvotes: number;
  /** Hidden by the admin after a report: only its author still sees it. */
  hidden: boolean;
}

/** A question about a course, perhaps about one item and a second of its video. */
export interface QuestionDoc extends PostDoc {
  courseTitle: string;
  tutorId: string;
  itemId: string | null;
  atSec: number | null;
  title: string;
  /** The body as plain text, cut short: what lists show. */
  excerpt: string;
  /** Answers visible to everyone. */
  answerCount: number;
  /** The answers in the order they were written (a thread is read by these keys). */
  answerIds: ObjectId[];
  acceptedAnswerId: ObjectId | null;
  instructorAnswered: boolean;
  /** Users told of every new answer (the asker and those who answered follow at once). */
  followers: string[];
}

export interface AnswerDoc extends PostDoc {
  questionId: ObjectId;
}

export const QUESTIONS = storedCollection<QuestionDoc>('questions', [
  // The read model loads a course's questions, the inbox a tutor's, the clean-up an author's.
  { key: { courseId: 1 }, name: 'by_course' },
  { key: { tutorId: 1 }, name: 'by_tutor' },
  { key: { authorId: 1 }, name: 'by_author' },
]);

export const ANSWERS = storedCollection<AnswerDoc>('answers', [{ key: { authorId: 1 }, name: 'by_author' }]);
