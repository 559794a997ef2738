import {
  errorResponses,
  forbidden,
  paging,
  requireUser,
  type ServiceApp,
  Type,
  WrittenText,
} from '@liveedu/service-kit';
import { courseToTalk } from '../members/access.ts';
import { authorOf } from '../posts/domain.ts';
import { postingLimit, tooManyPosts } from '../posts/posting-limit.ts';
import { Author } from '../posts/present.ts';
import { Body, CourseParams } from '../posts/schemas.ts';
import { ANNOUNCEMENTS_PER_WINDOW, waitInWords } from './domain.ts';
import { ANNOUNCEMENTS, type AnnouncementDoc, announce, takeSlot } from './store.ts';

const AnnouncementTitle = WrittenText({ min: 3, max: 200 }, 'A title must be 3 to 200 characters');
const Announcement = Type.Object({
  _id: Type.String(),
  courseId: Type.String(),
  title: Type.String(),
  body: Type.String(),
  bodyHtml: Type.String(),
  author: Author,
  createdAt: Type.String(),
});

const present = (doc: AnnouncementDoc) => ({
  _id: doc._id.toHexString(),
  courseId: doc.courseId,
  title: doc.title,
  body: doc.body,
  bodyHtml: doc.bodyHtml,
  author: authorOf({ ...doc, byInstructor: true }),
  createdAt: doc.createdAt.toISOString(),
});

/** A course's tutor tells its students something; those who take part in the course read it. */
export async function announcementRoutes(app: ServiceApp): Promise<void> {
  app.post(
    '/api/v1/courses/:courseId/announcements',
    {
      preHandler: requireUser,
      ...postingLimit,
      schema: {
        summary: `Announce something to the course's students (its tutor; at most ${ANNOUNCEMENTS_PER_WINDOW} in any 24 hours)`,
        params: CourseParams,
        body: Type.Object({ title: AnnouncementTitle, body: Body }, { additionalProperties: false }),
        response: { 201: Announcement, ...errorResponses, ...tooManyPosts },
      },
    },
    async (request, reply) => {
      const courseId = request.params.courseId.toLowerCase();
      const { who, member } = await courseToTalk(app, request, courseId);
      if (member.access !== 'tutor') throw forbidden("Only the course's tutor can post announcements");
      const now = new Date();
      const wait = await takeSlot(app.db, courseId, now);
      if (wait > 0) {
        return reply
          .status(429)
          .header('retry-after', String(wait))
          .send({
            message: `You can post ${ANNOUNCEMENTS_PER_WINDOW} announcements a day per course. Try again in ${waitInWords(wait)}.`,
          });
      }
      const doc = await announce(app.outbox, who, member, courseId, request.body, now);
      return reply.status(201).send(present(doc));
    },
  );

  app.get(
    '/api/v1/courses/:courseId/announcements',
    {
      preHandler: requireUser,
      schema: {
        summary: "A course's announcements, newest first",
        params: CourseParams,
        ...paging.schema({ announcements: Type.Array(Announcement) }, { responses: errorResponses }),
      },
    },
    async (request) => {
      const courseId = request.params.courseId.toLowerCase();
      await courseToTalk(app, request, courseId);
      const page = paging.request(request.query, 20);
      const { items, total } = await paging.find(
        ANNOUNCEMENTS.in(app.db),
        { courseId },
        { createdAt: -1, _id: -1 },
        page,
      );
      return { announcements: items.map(present), ...paging.fields(total, page) };
    },
  );
}
