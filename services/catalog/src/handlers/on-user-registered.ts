import { IDENTITY_USER_REGISTERED, type IdentityUserRegistered } from '@liveedu/contracts';
import type { EventHandler } from '@liveedu/service-kit';
import { textKey } from '../domain/text.ts';
import { TUTORS, type TutorDoc } from '../store.ts';

/** Every user enters the read model: reviewers need names too, and students become tutors. */
export const onUserRegistered: EventHandler<IdentityUserRegistered> = {
  event: IDENTITY_USER_REGISTERED,
  name: 'on-user-registered',
  async handle(event, { db }) {
    const { userId, username, avatar, role } = event.data;
    // A later `updated` may have arrived first; it wins, so only insert.
    await db.collection<TutorDoc>(TUTORS).updateOne(
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
