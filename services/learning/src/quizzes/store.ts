import { storedCollection } from '@liveedu/service-kit';
import type { ObjectId } from 'mongodb';
import type { Question } from './domain.ts';

/** An item's quiz (`_id` is `courseId:itemId`): a quiz item's, or a video's in-video questions. */
export interface QuizDoc {
  _id: string;
  courseId: string;
  itemId: string;
  tutorId: string;
  /** The item it belongs to: a quiz item, or a video it is asked in. */
  on: 'quiz' | 'video';
  passPercent: number;
  maxAttempts: number | null;
  /** A certificate needs it passed. */
  required: boolean;
  questions: Question[];
  /** Grows with every save: orders the requirement events the catalog keeps. */
  version: number;
  updatedAt: Date;
}

export const QUIZZES = storedCollection<QuizDoc>('quizzes', [{ key: { courseId: 1 }, name: 'by_course' }]);
export const quizId = (courseId: string, itemId: string) => `${courseId}:${itemId}`;

/** One graded attempt; `number` counts a student's attempts at a quiz from 1, once each (unique). */
export interface AttemptDoc {
  _id: ObjectId;
  studentId: string;
  courseId: string;
  itemId: string;
  number: number;
  scorePercent: number;
  passed: boolean;
  answers: Array<{ questionId: string; optionIds: string[]; text?: string; correct: boolean }>;
  createdAt: Date;
}

export const ATTEMPTS = storedCollection<AttemptDoc>('attempts', [
  {
    key: { studentId: 1, courseId: 1, itemId: 1, number: 1 },
    name: 'one_number_per_attempt',
    unique: true,
  },
]);

/** More attempts than any quiz allows with a limit; an unlimited quiz's summary reads the latest this many. */
const QUIZ_ATTEMPTS_READ = 100;

/** How many attempts a student made at a quiz, and the best of them. */
export async function attemptsSummary(
  attempts: ReturnType<typeof ATTEMPTS.in>,
  at: { studentId: string; courseId: string; itemId: string },
) {
  const list = await attempts
    .find(at, { projection: { number: 1, scorePercent: 1, passed: 1 } })
    .sort({ number: -1 })
    .limit(QUIZ_ATTEMPTS_READ)
    .toArray();
  return {
    used: list[0]?.number ?? 0,
    bestScorePercent: list.length === 0 ? null : Math.max(...list.map((a) => a.scorePercent)),
    passed: list.some((a) => a.passed),
  };
}
