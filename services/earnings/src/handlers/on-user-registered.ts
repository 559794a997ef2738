import { IDENTITY_USER_REGISTERED, type IdentityUserRegistered } from '@liveedu/contracts';
import type { EventHandler } from '@liveedu/service-kit';
import { collections } from '../collections.ts';
import { keepUsername } from '../read-model.ts';

export const onUserRegistered: EventHandler<IdentityUserRegistered> = {
  event: IDENTITY_USER_REGISTERED,
  name: 'on-user-registered',
  async handle(event, { db }) {
    const { userId, username, email } = event.data;
    await collections(db).users.updateOne({ _id: userId }, { $set: { email } }, { upsert: true });
    await keepUsername(db, userId, username, new Date(event.occurredAt));
  },
};
