import {
  caller,
  errorResponses,
  MessageReply,
  notFound,
  requireUser,
  type ServiceApp,
} from '@liveedu/service-kit';
import { itemToEdit, itemToLearn, itemToWrite } from '../items/access.ts';
import { hasPassed, recordPass } from '../passes/store.ts';
import { attemptQuiz } from './attempts.ts';
import { attemptsLeft, questionForLearner } from './domain.ts';
import { saveQuiz } from './editing.ts';
import { AttemptBody, AttemptResult, ItemParams, LearnerQuiz, QuizBody, TutorQuiz } from './schemas.ts';
import { ATTEMPTS, attemptsSummary, QUIZZES, type QuizDoc, quizId } from './store.ts';

const NO_QUIZ = 'This item has no quiz yet';

const quizFields = (quiz: QuizDoc) => ({
  courseId: quiz.courseId,
  itemId: quiz.itemId,
  on: quiz.on,
  passPercent: quiz.passPercent,
  maxAttempts: quiz.maxAttempts,
  required: quiz.required,
});

const forTutor = (quiz: QuizDoc) => ({
  ...quizFields(quiz),
  questions: quiz.questions,
  updatedAt: quiz.updatedAt.toISOString(),
});

async function findQuiz(app: ServiceApp, courseId: string, itemId: string): Promise<QuizDoc> {
  const quiz = await QUIZZES.in(app.db).findOne({ _id: quizId(courseId, itemId) });
  if (!quiz) throw notFound(NO_QUIZ);
  return quiz;
}

/** The course's tutor writes and reads an item's quiz, right answers included. */
export async function quizEditingRoutes(app: ServiceApp): Promise<void> {
  app.put(
    '/api/v1/courses/:courseId/items/:itemId/quiz',
    {
      preHandler: requireUser,
      schema: {
        summary:
          "Write an item's quiz (a quiz item's, or a video's in-video questions); only the course's tutor",
        params: ItemParams,
        body: QuizBody,
        response: { 200: TutorQuiz, ...errorResponses, 409: MessageReply },
      },
    },
    async (request) => {
      const item = await itemToWrite(app, request, request.params, 'quiz');
      return forTutor(await saveQuiz(app.db, app.outbox, item, request.body, request.id));
    },
  );

  app.get(
    '/api/v1/courses/:courseId/items/:itemId/quiz',
    {
      preHandler: requireUser,
      schema: {
        summary: "An item's quiz with its right answers and explanations; only the course's tutor",
        params: ItemParams,
        response: { 200: TutorQuiz, ...errorResponses },
      },
    },
    async (request) => {
      await itemToEdit(app, request, request.params);
      return forTutor(await findQuiz(app, request.params.courseId, request.params.itemId));
    },
  );
}

/** A learner reads a quiz without its answers and attempts it. */
export async function quizAnsweringRoutes(app: ServiceApp): Promise<void> {
  app.get(
    '/api/v1/quiz/:courseId/:itemId',
    {
      preHandler: requireUser,
      schema: {
        summary: "An item's quiz to answer (no right answers), and the caller's attempts so far",
        params: ItemParams,
        response: { 200: LearnerQuiz, ...errorResponses },
      },
    },
    async (request) => {
      const item = await itemToLearn(app, request, request.params);
      const quiz = await findQuiz(app, item.courseId, item.itemId);
      const whose = { studentId: caller(request).userId, courseId: item.courseId, itemId: item.itemId };
      const mine = await attemptsSummary(ATTEMPTS.in(app.db), whose);
      // A passing attempt whose pass was not recorded (a stop between the two writes) is recorded now.
      if (mine.passed && item.access === 'student' && !(await hasPassed(app.db, whose))) {
        await recordPass(app.outbox, { ...whose, by: 'quiz' }, request.id);
      }
      return {
        ...quizFields(quiz),
        questions: quiz.questions.map(questionForLearner),
        mine: {
          attempts: mine.used,
          attemptsLeft: attemptsLeft(quiz.maxAttempts, mine.used),
          bestScorePercent: mine.bestScorePercent,
          passed: mine.passed,
        },
      };
    },
  );

  app.post(
    '/api/v1/quiz/:courseId/:itemId/attempts',
    {
      preHandler: requireUser,
      schema: {
        summary: 'Answer a quiz: graded here, with each question right or wrong and its explanation',
        params: ItemParams,
        body: AttemptBody,
        response: { 200: AttemptResult, ...errorResponses, 409: MessageReply },
      },
    },
    async (request) => {
      const item = await itemToLearn(app, request, request.params);
      const quiz = await findQuiz(app, item.courseId, item.itemId);
      const outcome = await attemptQuiz(app.db, app.outbox, {
        item,
        quiz,
        studentId: caller(request).userId,
        answers: request.body.answers,
        requestId: request.id,
      });
      return {
        attempt: outcome.attempt,
        scorePercent: outcome.scorePercent,
        passed: outcome.passed,
        attemptsLeft: outcome.attemptsLeft,
        results: outcome.results.map(({ questionId, correct, explanation }) => ({
          questionId,
          correct,
          explanation,
        })),
      };
    },
  );
}
