import {
  caller,
  forbidden,
  MessageReply,
  notFound,
  ObjectIdString,
  requireUser,
  type ServiceApp,
  Type,
} from '@liveedu/service-kit';
import { ObjectId } from 'mongodb';
import { contentWithIds } from '../../domain/course.ts';
import { isEnrolled } from '../../enrollment.ts';
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
      // Deleted courses stay open to the students who bought them.
      const course = await db.courses.findOne({ _id: new ObjectId(courseId) });
      if (!course) throw notFound('Course not found');
      const allowed =
        who.role === 'admin' ||
        course.tutorId === who.userId ||
        (await isEnrolled(db.enrollments, courseId, who.userId));
      if (!allowed) throw forbidden('Please buy this course to start learning');
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
