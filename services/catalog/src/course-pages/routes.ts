import { MessageReply, notFound, ObjectIdString, type ServiceApp, Type } from '@liveedu/service-kit';
import { CourseDetails } from '../courses/present.ts';
import { ENROLLMENTS, isEnrolled } from '../enrollment/store.ts';

/** A course's public page: the cached page every visitor sees, and whether the caller bought it. */
export default async function coursePageRoutes(app: ServiceApp): Promise<void> {
  app.get(
    '/api/v1/get-course-details/:id',
    {
      schema: {
        summary:
          "A course's public page: no video links or descriptions; studentsEnrolled holds the caller's id when the caller bought it; the instructor with their totals",
        params: Type.Object({ id: ObjectIdString }),
        response: { 200: CourseDetails, 400: MessageReply, 404: MessageReply },
      },
    },
    async (request) => {
      const courseId = request.params.id;
      const viewerId = request.identity?.userId ?? null;
      const page = await app.coursePages.get(courseId);
      if (!page) throw notFound('Course not found');
      const enrolled = viewerId ? await isEnrolled(ENROLLMENTS.in(app.db), courseId, viewerId) : false;
      const tutor = page.courseCreatedBy;
      const { profile, totals } = app.listing.tutor(tutor._id, page);
      return {
        ...page,
        studentsEnrolled: enrolled && viewerId ? [viewerId] : [],
        instructor: { ...tutor, avatar: profile?.avatar ?? '', desc: profile?.desc ?? '', ...totals },
      };
    },
  );
}
