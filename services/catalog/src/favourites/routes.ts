import {
  caller,
  MessageReply,
  notFound,
  ObjectIdString,
  paging,
  requireUser,
  type ServiceApp,
  Type,
} from '@liveedu/service-kit';
import { ObjectId } from 'mongodb';
import { CourseCard, cardsFor, urlsOf } from '../courses/present.ts';
import { COURSES } from '../courses/store.ts';
import { FAVOURITES, favouriteId, userFavourites } from './store.ts';

const Id = Type.Object({ id: ObjectIdString });

export default async function favouriteRoutes(app: ServiceApp): Promise<void> {
  const favourites = FAVOURITES.in(app.db);
  const list = userFavourites(app.db);
  const urls = urlsOf(app);

  app.put(
    '/api/v1/add-to-favourite/:id',
    {
      preHandler: requireUser,
      schema: {
        summary: 'Add a course to your favourites (repeating is harmless)',
        params: Id,
        response: { 200: MessageReply, 400: MessageReply, 404: MessageReply },
      },
    },
    async (request) => {
      const userId = caller(request).userId;
      const courseId = request.params.id;
      const course = await COURSES.in(app.db).findOne(
        { _id: new ObjectId(courseId), listed: true },
        { projection: { _id: 1 } },
      );
      if (!course) throw notFound('Course not found');
      // Adding twice leaves one favourite, added when it was first added.
      await favourites.updateOne(
        { _id: favouriteId(userId, courseId) },
        { $setOnInsert: { userId, courseId, addedAt: new Date() } },
        { upsert: true },
      );
      await list.add(userId, courseId);
      return { message: 'Course added to favourites' };
    },
  );

  app.put(
    '/api/v1/remove-from-favourite/:id',
    {
      preHandler: requireUser,
      schema: {
        summary: 'Remove a course from your favourites',
        params: Id,
        response: { 200: MessageReply, 400: MessageReply },
      },
    },
    async (request) => {
      const userId = caller(request).userId;
      await list.remove(userId, request.params.id);
      await favourites.deleteOne({ _id: favouriteId(userId, request.params.id) });
      return { message: 'Course removed from favourites' };
    },
  );

  app.get(
    '/api/v1/getFavouriteBooks',
    {
      preHandler: requireUser,
      schema: {
        summary: 'Your favourite courses, last added first, a page at a time',
        ...paging.schema({ favourites: Type.Array(CourseCard) }),
      },
    },
    async (request) => {
      const found = await paging.keyed(list, caller(request).userId, request.query);
      return { favourites: await cardsFor(app.db, urls, app.listing, found.ids, true), ...found.fields };
    },
  );
}
