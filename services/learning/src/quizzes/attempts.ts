import { LEARNING_QUIZ_ATTEMPTED, type LearningQuizAttemptedData } from '@liveedu/contracts';
import { badRequest, conflict, isDuplicateKey, newEvent, type Outbox } from '@liveedu/service-kit';
import { type Db, ObjectId } from 'mongodb';
import type { AllowedItem } from '../items/access.ts';
import { recordPass } from '../passes/store.ts';
import { type AnswerInput, attemptsLeft, type Grade, gradeAttempt } from './domain.ts';
import { ATTEMPTS, type AttemptDoc, attemptsSummary, type QuizDoc } from './store.ts';

/** Two attempts at once both take the next number; the one that loses counts again. */
const NUMBER_TRIES = 5;
export const NO_ATTEMPTS_LEFT = 'You have used every attempt at this quiz';

export interface AttemptOutcome extends Grade {
  attempt: number;
  attemptsLeft: number | null;
}

/**
 * Grades a learner's answers. A student's attempt is kept under the next number (none past the
 * quiz's limit: 409), counted for the tutor's figures, and a pass is recorded once; a tutor's or
 * the admin's try is graded and not kept (attempt 0).
 */
export async function attemptQuiz(
  db: Db,
  outbox: Outbox,
  at: { item: AllowedItem; quiz: QuizDoc; studentId: string; answers: AnswerInput[]; requestId: string },
): Promise<AttemptOutcome> {
  const { item, quiz, studentId, answers, requestId } = at;
  const graded = gradeAttempt(quiz.questions, answers, quiz.passPercent);
  if (!graded.ok) throw badRequest(graded.message);
  const grade = graded.value;
  if (item.access !== 'student') return { ...grade, attempt: 0, attemptsLeft: null };
  const whose = { studentId, courseId: item.courseId, itemId: item.itemId };
  for (let tries = 0; tries < NUMBER_TRIES; tries += 1) {
    const { used } = await attemptsSummary(ATTEMPTS.in(db), whose);
    if (quiz.maxAttempts !== null && used >= quiz.maxAttempts) throw conflict(NO_ATTEMPTS_LEFT);
    const number = used + 1;
    const doc: AttemptDoc = {
      _id: new ObjectId(),
      ...whose,
      number,
      scorePercent: grade.scorePercent,
      passed: grade.passed,
      answers: grade.results.map((result) => {
        const given = answers.find((a) => a.questionId === result.questionId);
        return {
          questionId: result.questionId,
          optionIds: given?.optionIds ?? [],
          ...(given?.text === undefined ? {} : { text: given.text }),
          correct: result.correct,
        };
      }),
      createdAt: new Date(),
    };
    const counted: LearningQuizAttemptedData = {
      attemptId: doc._id.toHexString(),
      ...whose,
      scorePercent: grade.scorePercent,
      passed: grade.passed,
      answers: grade.results.map(({ questionId, correct, wrongOptionIds }) => ({
        questionId,
        correct,
        wrongOptionIds,
      })),
    };
    try {
      await outbox.insertOne<AttemptDoc>(ATTEMPTS.collection, doc, [
        newEvent(LEARNING_QUIZ_ATTEMPTED, counted, { requestId }),
      ]);
    } catch (error) {
      if (isDuplicateKey(error)) continue;
      throw error;
    }
    if (grade.passed) await recordPass(outbox, { ...whose, by: 'quiz' }, requestId);
    return { ...grade, attempt: number, attemptsLeft: attemptsLeft(quiz.maxAttempts, number) };
  }
  throw conflict('Too many attempts at once; please try again');
}
