import { IDENTITY_USER_UPDATED, type IdentityUserUpdated } from '@liveedu/contracts';
import type { EventHandler } from '@liveedu/service-kit';
import { keepUsername } from '../read-model.ts';

export const onUserUpdated: EventHandler<IdentityUserUpdated> = {
  event: IDENTITY_USER_UPDATED,
  name: 'on-user-updated',
  async handle(event, { db }) {
    await keepUsername(db, event.data.userId, event.data.username, new Date(event.occurredAt));
  },
};
