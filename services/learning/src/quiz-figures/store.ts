/**
 * The tutors' quiz figures, kept from `learning.quiz.attempted` events: per quiz, attempts, passes
 * and the sum of scores; per question, how many answered it, how many rightly, and how often each
 * wrong option was chosen. A page view reads one document per quiz; no attempt is scanned.
 */
import type { LearningQuizAttemptedData } from '@liveedu/contracts';
import { storedCollection } from '@liveedu/service-kit';
import type { Db } from 'mongodb';
import type { QuestionCounts } from './domain.ts';

/** Event ids a quiz's counts remember, so a redelivered event is not counted twice. */
const REMEMBERED_EVENTS = 200;

export interface QuizFiguresDoc {
  /** `courseId:itemId`. */
  _id: string;
  courseId: string;
  itemId: string;
  attempts: number;
  passes: number;
  scoreSum: number;
  questions: Record<string, QuestionCounts>;
  seen: string[];
}

export const QUIZ_FIGURES = storedCollection<QuizFiguresDoc>('quiz_figures', [
  { key: { courseId: 1 }, name: 'by_course' },
]);

/** Adds one attempt to its quiz's figures, once however often the event is delivered. */
export async function countAttempt(
  db: Db,
  eventId: string,
  attempt: LearningQuizAttemptedData,
): Promise<void> {
  const _id = `${attempt.courseId}:${attempt.itemId}`;
  const figures = QUIZ_FIGURES.in(db);
  await figures.updateOne(
    { _id },
    {
      $setOnInsert: {
        courseId: attempt.courseId,
        itemId: attempt.itemId,
        attempts: 0,
        passes: 0,
        scoreSum: 0,
        questions: {},
        seen: [],
      },
    },
    { upsert: true },
  );
  const inc: Record<string, number> = { attempts: 1, scoreSum: attempt.scorePercent };
  if (attempt.passed) inc.passes = 1;
  for (const answer of attempt.answers) {
    const at = `questions.${answer.questionId}`;
    inc[`${at}.answered`] = 1;
    inc[`${at}.correct`] = answer.correct ? 1 : 0;
    for (const optionId of answer.wrongOptionIds) inc[`${at}.wrong.${optionId}`] = 1;
  }
  await figures.updateOne(
    { _id, seen: { $ne: eventId } },
    { $inc: inc, $push: { seen: { $each: [eventId], $slice: -REMEMBERED_EVENTS } } },
  );
}
