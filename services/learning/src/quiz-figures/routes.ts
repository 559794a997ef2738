import { errorResponses, notFound, requireUser, type ServiceApp, Type } from '@liveedu/service-kit';
import { itemToEdit } from '../items/access.ts';
import { ItemParams } from '../quizzes/schemas.ts';
import { QUIZZES, quizId } from '../quizzes/store.ts';
import { quizFigures } from './domain.ts';
import { QUIZ_FIGURES } from './store.ts';

const QuizFigures = Type.Object({
  itemId: Type.String(),
  on: Type.Union([Type.Literal('quiz'), Type.Literal('video')]),
  attempts: Type.Integer({ minimum: 0 }),
  passRatePercent: Type.Integer({ minimum: 0, maximum: 100 }),
  averageScorePercent: Type.Integer({ minimum: 0, maximum: 100 }),
  questions: Type.Array(
    Type.Object({
      questionId: Type.String(),
      prompt: Type.String(),
      answered: Type.Integer({ minimum: 0 }),
      correctPercent: Type.Integer({ minimum: 0, maximum: 100 }),
      mostChosenWrong: Type.Union([
        Type.Object({ optionId: Type.String(), text: Type.String(), count: Type.Integer({ minimum: 1 }) }),
        Type.Null(),
      ]),
    }),
  ),
});

export default async function quizFigureRoutes(app: ServiceApp): Promise<void> {
  app.get(
    '/api/v1/courses/:courseId/items/:itemId/quiz/figures',
    {
      preHandler: requireUser,
      schema: {
        summary:
          "An item's quiz as its students answer it: attempts, pass rate, average score; per question, the share answering rightly and the wrong option most chosen. Only the course's tutor",
        params: ItemParams,
        response: { 200: QuizFigures, ...errorResponses },
      },
    },
    async (request) => {
      const item = await itemToEdit(app, request, request.params);
      const _id = quizId(item.courseId, item.itemId);
      const quiz = await QUIZZES.in(app.db).findOne({ _id });
      if (!quiz) throw notFound('This item has no quiz yet');
      const counts = await QUIZ_FIGURES.in(app.db).findOne({ _id });
      return { itemId: quiz.itemId, on: quiz.on, ...quizFigures(quiz.questions, counts ?? undefined) };
    },
  );
}
