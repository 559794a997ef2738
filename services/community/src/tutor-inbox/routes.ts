import {
  caller,
  errorResponses,
  ObjectIdString,
  paging,
  requireRole,
  type ServiceApp,
  Type,
} from '@liveedu/service-kit';
import { presentCard, QuestionInList } from '../posts/present.ts';
import { inboxOrder, type QuestionCard } from '../question-list/domain.ts';
import { TUTOR_COURSES } from '../question-list/store.ts';
import { viewerMarks } from '../votes/store.ts';

const PAGE = 20;

/** The tutor's questions across their courses: those waiting for an answer first, the longest waiting first. */
export default async function tutorInboxRoutes(app: ServiceApp): Promise<void> {
  app.get(
    '/api/v1/tutor/questions',
    {
      preHandler: requireRole('tutor'),
      schema: {
        summary:
          "The questions of the caller's courses: unanswered first (oldest first), then the rest newest first",
        ...paging.schema(
          { questions: Type.Array(QuestionInList), unanswered: Type.Integer({ minimum: 0 }) },
          {
            query: {
              courseId: Type.Optional(ObjectIdString),
              status: Type.Optional(Type.Union([Type.Literal('unanswered'), Type.Literal('all')])),
            },
            responses: errorResponses,
          },
        ),
      },
    },
    async (request) => {
      const tutorId = caller(request).userId;
      const page = paging.request(request.query, PAGE);
      const courses = (await TUTOR_COURSES.in(app.db).findOne({ _id: tutorId }))?.courseIds ?? [];
      const wanted = request.query.courseId?.toLowerCase();
      const cards: QuestionCard[] = [];
      for (const courseId of courses) {
        if (wanted && courseId !== wanted) continue;
        for (const card of await app.questionLists.all(courseId)) {
          // Their own course's questions only (a course could change hands), and none hidden.
          if (card.tutorId === tutorId && !card.hidden) cards.push(card);
        }
      }
      const unanswered = cards.filter((card) => card.answerCount === 0).length;
      const listed =
        request.query.status === 'unanswered' ? cards.filter((card) => card.answerCount === 0) : cards;
      const ordered = inboxOrder(listed);
      const onPage = ordered.slice(page.skip, page.skip + page.limit);
      const ids = onPage.map((card) => card.id);
      const marks = await viewerMarks(app.db, tutorId, ids, ids);
      return {
        questions: onPage.map((card) =>
          presentCard(card, tutorId, marks.upvoted.has(card.id), marks.following.has(card.id), true),
        ),
        unanswered,
        ...paging.fields(ordered.length, page),
      };
    },
  );
}
