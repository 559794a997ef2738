import {
  IDENTITY_USER_DELETED,
  IDENTITY_USER_REGISTERED,
  IDENTITY_USER_UPDATED,
  type IdentityUserDeleted,
  type IdentityUserRegistered,
  type IdentityUserUpdated,
} from '@liveedu/contracts';
import type { EventHandler } from '@liveedu/service-kit';
import { textKey } from '../courses/domain.ts';
import { COURSES } from '../courses/store.ts';
import { FAVOURITES } from '../favourites/store.ts';
import { REVIEWS } from '../reviews/store.ts';
import { TUTORS } from './store.ts';

/** Every user enters the read model: reviewers need names too, and students become tutors. */
export const onUserRegistered: EventHandler<IdentityUserRegistered> = {
  event: IDENTITY_USER_REGISTERED,
  name: 'on-user-registered',
  async handle(event, { db }) {
    const { userId, username, avatar, role } = event.data;
    // A later `updated` may have arrived first; it wins, so only insert.
    await TUTORS.in(db).updateOne(
      { _id: userId },
      {
        $setOnInsert: {
          username,
          usernameKey: textKey(username),
          avatar,
          desc: '',
          role,
          updatedAt: new Date(event.occurredAt),
        },
      },
      { upsert: true },
    );
  },
};

/** The read model takes the user's profile as it now is; course cards show the new username. */
export const onUserUpdated: EventHandler<IdentityUserUpdated> = {
  event: IDENTITY_USER_UPDATED,
  name: 'on-user-updated',
  async handle(event, { db }) {
    const { userId, username, avatar, desc, role } = event.data;
    const at = new Date(event.occurredAt);
    // Older news never overwrites newer (events of one user can be redelivered out of order).
    await TUTORS.in(db).updateOne(
      { _id: userId, $or: [{ updatedAt: { $lte: at } }, { updatedAt: { $exists: false } }] },
      { $set: { username, usernameKey: textKey(username), avatar, desc, role, updatedAt: at } },
    );
    const exists = await TUTORS.in(db).findOne({ _id: userId }, { projection: { _id: 1 } });
    if (!exists) {
      await TUTORS.in(db)
        .insertOne({
          _id: userId,
          username,
          usernameKey: textKey(username),
          avatar,
          desc,
          role,
          updatedAt: at,
        })
        .catch(() => {});
    }
    if (event.data.changed.includes('username')) {
      await COURSES.in(db).updateMany({ tutorId: userId }, { $set: { tutorUsername: username } });
    }
  },
};

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
    const courses = COURSES.in(db);
    const theirs = await courses.find({ tutorId: userId }, { projection: { _id: 1 } }).toArray();
    const courseIds = theirs.map((c) => c._id.toHexString());
    if (courseIds.length > 0) {
      await courses.updateMany(
        { tutorId: userId },
        { $set: { listed: false, tutorDeletedAt: new Date(event.occurredAt) } },
      );
      await FAVOURITES.in(db).deleteMany({ courseId: { $in: courseIds } });
      await REVIEWS.in(db).updateMany({ courseId: { $in: courseIds } }, { $set: { listed: false } });
    }
    await FAVOURITES.in(db).deleteMany({ userId });
    await TUTORS.in(db).deleteOne({ _id: userId });
  },
};
