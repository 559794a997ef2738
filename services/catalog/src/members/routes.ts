import { CATALOG_INTERNAL, COURSE_STUDENTS_PAGE, LEARNER_COURSES_MAX } from '@liveedu/contracts';
import { internalSchema, notFound, requireServiceToken, type ServiceApp } from '@liveedu/service-kit';
import { ObjectId } from 'mongodb';
import { COURSES } from '../courses/store.ts';
import { courseRoster, ENROLLMENTS, isEnrolled, studentCourses } from '../enrollment/store.ts';
import { memberAccess } from './domain.ts';

/**
 * Who takes part in a course, for the services that hold its conversation and tell its students
 * (`CATALOG_INTERNAL.courseMember`, `.courseStudents`), and the courses a student takes, for their
 * coming live classes (`.learnerCourses`); the gateway never routes `/internal/*`.
 */
export default async function memberRoutes(app: ServiceApp): Promise<void> {
  const onlyUs = requireServiceToken(app.config.internalSecret);
  const { courseMember, courseStudents, learnerCourses } = CATALOG_INTERNAL;

  app.get(
    courseMember.path,
    { preHandler: onlyUs, schema: internalSchema(courseMember) },
    async (request) => {
      const { courseId, userId } = request.params;
      // A listed course is in the listing (its tutor never changes); any other is read.
      const listed = app.listing.get(courseId.toLowerCase());
      const course = listed
        ? { tutorId: listed.tutorId, title: listed.title, listed: true }
        : await COURSES.in(app.db).findOne(
            { _id: new ObjectId(courseId) },
            { projection: { tutorId: 1, title: 1, listed: 1 } },
          );
      if (!course) throw notFound('Course not found');
      const access = await memberAccess({
        role: request.query.role,
        isTutor: course.tutorId === userId.toLowerCase(),
        // Asked only when it decides the answer: the admin and the tutor need no enrollment.
        isEnrolled: () => isEnrolled(ENROLLMENTS.in(app.db), courseId.toLowerCase(), userId.toLowerCase()),
      });
      // A course no longer listed is as good as missing to whoever does not have it.
      if (access === 'none' && !course.listed) throw notFound('Course not found');
      return { access, tutorId: course.tutorId, courseTitle: course.title };
    },
  );

  app.get(
    courseStudents.path,
    { preHandler: onlyUs, schema: internalSchema(courseStudents) },
    async (request) => {
      const after = request.query.after?.toLowerCase();
      // Read by key, part by part (never a scan of the enrollments), one id past the page to tell
      // whether another follows.
      return courseRoster(app.db).page(request.params.courseId, after, COURSE_STUDENTS_PAGE);
    },
  );

  app.get(
    learnerCourses.path,
    { preHandler: onlyUs, schema: internalSchema(learnerCourses) },
    async (request) => {
      // The student's own list, read by key, newest enrollment first (never a scan of enrollments).
      const found = await studentCourses(app.db).page(
        request.params.studentId.toLowerCase(),
        0,
        LEARNER_COURSES_MAX,
      );
      return { courseIds: found.ids };
    },
  );
}
