import { MessageReply, NonBlank, notFound, paging, type ServiceApp, Type } from '@liveedu/service-kit';
import { textKey } from '../courses/domain.ts';
import { CourseCards, listedCard, TutorProfile, tutorProfile, urlsOf } from '../courses/present.ts';
import { TUTORS } from './store.ts';

export default async function instructorRoutes(app: ServiceApp): Promise<void> {
  const urls = urlsOf(app);

  app.get(
    '/api/v1/viewUser/:username',
    {
      schema: {
        summary: "An instructor's public page, with their courses newest first, a page at a time",
        params: Type.Object({ username: NonBlank({ maxLength: 100 }) }),
        ...paging.schema(
          { user: Type.Object({ ...TutorProfile.properties, coursesCreated: CourseCards }) },
          { responses: { 404: MessageReply } },
        ),
      },
    },
    async (request) => {
      const key = textKey(request.params.username);
      // Only tutors have a page: anyone else's name answers as a name nobody has.
      const user =
        app.listing.tutorByUsername(key) ??
        (await TUTORS.in(app.db).findOne({ usernameKey: key, role: 'tutor' }));
      if (!user) throw notFound('User not found');
      const page = paging.request(request.query);
      const found = app.listing.newest({ ...page, tutorId: user._id });
      return {
        user: {
          ...tutorProfile(user),
          coursesCreated: found.items.map((course) => listedCard(course, urls)),
        },
        ...paging.fields(found.total, page),
      };
    },
  );
}
