import { ObjectIdString, Type } from '@liveedu/service-kit';
import { QUIZ_LIMITS } from './domain.ts';

/** The HTTP shapes of quizzes: what a tutor writes, what a learner sees, what an attempt answers. */

const QuestionType = Type.Union([Type.Literal('single'), Type.Literal('multiple'), Type.Literal('short')]);
const AtSec = Type.Number({
  minimum: 0,
  maximum: 86_400,
  description: 'In-video questions: when the player asks',
});
const Option = Type.Object({ _id: Type.String(), text: Type.String() });

export const QuizBody = Type.Object({
  passPercent: Type.Integer({ minimum: 1, maximum: 100 }),
  maxAttempts: Type.Union([Type.Integer({ minimum: 1, maximum: QUIZ_LIMITS.maxAttempts }), Type.Null()]),
  required: Type.Boolean({ description: 'A certificate needs this quiz passed' }),
  questions: Type.Array(
    Type.Object({
      _id: Type.Optional(ObjectIdString),
      type: QuestionType,
      prompt: Type.String({ maxLength: QUIZ_LIMITS.prompt }),
      options: Type.Optional(
        Type.Array(
          Type.Object({
            _id: Type.Optional(ObjectIdString),
            text: Type.String({ maxLength: QUIZ_LIMITS.optionText }),
          }),
          { maxItems: QUIZ_LIMITS.options },
        ),
      ),
      correct: Type.Optional(
        Type.Array(Type.String({ maxLength: 24 }), {
          maxItems: QUIZ_LIMITS.options,
          description: "The right options, each by its _id or its position in options ('0' first)",
        }),
      ),
      accepted: Type.Optional(
        Type.Array(Type.String({ maxLength: QUIZ_LIMITS.acceptedText }), { maxItems: QUIZ_LIMITS.accepted }),
      ),
      explanation: Type.Optional(Type.String({ maxLength: QUIZ_LIMITS.explanation })),
      atSec: Type.Optional(AtSec),
    }),
    { minItems: 1, maxItems: QUIZ_LIMITS.questions },
  ),
});

const QuizFields = {
  courseId: Type.String(),
  itemId: Type.String(),
  on: Type.Union([Type.Literal('quiz'), Type.Literal('video')]),
  passPercent: Type.Integer(),
  maxAttempts: Type.Union([Type.Integer(), Type.Null()]),
  required: Type.Boolean(),
};

/** What everyone sees of a question: the tutor's copy adds its answers, the learner's only its time. */
const QuestionAsked = {
  _id: Type.String(),
  type: QuestionType,
  prompt: Type.String(),
  options: Type.Array(Option),
};

export const TutorQuiz = Type.Object({
  ...QuizFields,
  questions: Type.Array(
    Type.Object({
      ...QuestionAsked,
      correct: Type.Array(Type.String()),
      accepted: Type.Array(Type.String()),
      explanation: Type.String(),
      atSec: Type.Optional(Type.Number()),
    }),
  ),
  updatedAt: Type.String(),
});

export const LearnerQuiz = Type.Object({
  ...QuizFields,
  questions: Type.Array(
    Type.Object({
      ...QuestionAsked,
      atSec: Type.Optional(Type.Number()),
    }),
  ),
  mine: Type.Object({
    attempts: Type.Integer({ minimum: 0 }),
    attemptsLeft: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
    bestScorePercent: Type.Union([Type.Integer(), Type.Null()]),
    passed: Type.Boolean(),
  }),
});

export const AttemptBody = Type.Object({
  answers: Type.Array(
    Type.Object({
      questionId: ObjectIdString,
      optionIds: Type.Optional(Type.Array(ObjectIdString, { maxItems: QUIZ_LIMITS.options })),
      text: Type.Optional(Type.String({ maxLength: QUIZ_LIMITS.shortAnswer })),
    }),
    { maxItems: QUIZ_LIMITS.questions },
  ),
});

export const AttemptResult = Type.Object({
  attempt: Type.Integer({
    minimum: 0,
    description: "The attempt's number; 0 for a tutor's or admin's try, not kept",
  }),
  scorePercent: Type.Integer({ minimum: 0, maximum: 100 }),
  passed: Type.Boolean(),
  attemptsLeft: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  results: Type.Array(
    Type.Object({ questionId: Type.String(), correct: Type.Boolean(), explanation: Type.String() }),
  ),
});

export const ItemParams = Type.Object({ courseId: ObjectIdString, itemId: ObjectIdString });
