import { IDENTITY_USER_DELETED, type IdentityUserDeleted } from '@liveedu/contracts';
import type { EventHandler } from '@liveedu/service-kit';
import {
  COURSES,
  type CourseDoc,
  FAVOURITES,
  type FavouriteDoc,
  REVIEWS,
  type ReviewDoc,
  TUTORS,
  type TutorDoc,
} from '../store.ts';

/**
 * A deleted user leaves the read model and their favourites go. A deleted tutor's courses leave
 * listings, search and favourites but are kept, so the students who bought them can still learn;
 * their reviews stay on the courses they rated, shown under 'Deleted user'.
 */
export const onUserDeleted: EventHandler<IdentityUserDeleted> = {
  event: IDENTITY_USER_DELETED,
  name: 'on-user-deleted',
  async handle(event, { db }) {
    const { userId } = event.data;
    const courses = db.collection<CourseDoc>(COURSES);
    const theirs = await courses.find({ tutorId: userId }, { projection: { _id: 1 } }).toArray();
    const courseIds = theirs.map((c) => c._id.toHexString());
    if (courseIds.length > 0) {
      await courses.updateMany(
        { tutorId: userId },
        { $set: { listed: false, tutorDeletedAt: new Date(event.occurredAt) } },
      );
      await db.collection<FavouriteDoc>(FAVOURITES).deleteMany({ courseId: { $in: courseIds } });
      await db
        .collection<ReviewDoc>(REVIEWS)
        .updateMany({ courseId: { $in: courseIds } }, { $set: { listed: false } });
    }
    await db.collection<FavouriteDoc>(FAVOURITES).deleteMany({ userId });
    await db.collection<TutorDoc>(TUTORS).deleteOne({ _id: userId });
  },
};
