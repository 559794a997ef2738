import {
  caller,
  forbidden,
  MessageReply,
  ObjectIdString,
  requireUser,
  type ServiceApp,
  Type,
} from '@liveedu/service-kit';
import { contentWithIds } from '../../domain/course.ts';
import { courseToLearn } from '../../enrollment.ts';
import { LearnCourse } from '../../present.ts';
import { collections } from '../../store.ts';

export default async function learningRoutes(app: ServiceApp): Promise<void> {
  const db = collections(app.db);

  app.get(
    '/api/v1/learn-course/:courseId/user/:userId',
    {
      preHandler: requireUser,
      schema: {
        summary: 'Every video of a course, for its enrolled students, its tutor and the admin',
        params: Type.Object({ courseId: ObjectIdString, userId: ObjectIdString }),
        response: { 200: LearnCourse, 400: MessageReply, 403: MessageReply, 404: MessageReply },
      },
    },
    async (request) => {
      const who = caller(request);
      const { courseId, userId } = request.params;
      // The path names a user; only that user (or the admin) may use it.
      if (who.role !== 'admin' && userId.toLowerCase() !== who.userId.toLowerCase()) {
        throw forbidden('You can only open your own courses');
      }
      const course = await courseToLearn(db, courseId, who, 'Please buy this course to start learning');
      return {
        title: course.title,
        courseContent: contentWithIds(
          course._id.toHexString(),
          course.sections.map((s) => s.items),
        ),
      };
    },
  );
}
