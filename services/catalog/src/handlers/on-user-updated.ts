import { IDENTITY_USER_UPDATED, type IdentityUserUpdated } from '@liveedu/contracts';
import type { EventHandler } from '@liveedu/service-kit';
import { textKey } from '../domain/text.ts';
import { COURSES, type CourseDoc, TUTORS, type TutorDoc } from '../store.ts';

/** The read model takes the user's profile as it now is; course cards show the new username. */
export const onUserUpdated: EventHandler<IdentityUserUpdated> = {
  event: IDENTITY_USER_UPDATED,
  name: 'on-user-updated',
  async handle(event, { db }) {
    const { userId, username, avatar, desc, role } = event.data;
    const at = new Date(event.occurredAt);
    // Older news never overwrites newer (events of one user can be redelivered out of order).
    await db
      .collection<TutorDoc>(TUTORS)
      .updateOne(
        { _id: userId, $or: [{ updatedAt: { $lte: at } }, { updatedAt: { $exists: false } }] },
        { $set: { username, usernameKey: textKey(username), avatar, desc, role, updatedAt: at } },
      );
    const exists = await db.collection<TutorDoc>(TUTORS).findOne({ _id: userId }, { projection: { _id: 1 } });
    if (!exists) {
      await db
        .collection<TutorDoc>(TUTORS)
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
      await db
        .collection<CourseDoc>(COURSES)
        .updateMany({ tutorId: userId }, { $set: { tutorUsername: username } });
    }
  },
};
