import type { IdentityUserDeleted, IdentityUserRegistered, IdentityUserUpdated } from '@liveedu/contracts';
import { IDENTITY_USER_DELETED, IDENTITY_USER_REGISTERED, IDENTITY_USER_UPDATED } from '@liveedu/contracts';
import type { EventHandler } from '@liveedu/service-kit';
import { keepEmail, keepUsername, noteDeleted } from './store.ts';

export const onUserRegistered: EventHandler<IdentityUserRegistered> = {
  event: IDENTITY_USER_REGISTERED,
  name: 'on-user-registered',
  async handle(event, { db }) {
    const { userId, username, email } = event.data;
    await keepEmail(db, userId, email);
    await keepUsername(db, userId, username, new Date(event.occurredAt));
  },
};

export const onUserUpdated: EventHandler<IdentityUserUpdated> = {
  event: IDENTITY_USER_UPDATED,
  name: 'on-user-updated',
  async handle(event, { db }) {
    await keepUsername(db, event.data.userId, event.data.username, new Date(event.occurredAt));
  },
};

/**
 * A deleted user's money records stay (payouts already made must remain traceable), so the
 * read model only notes the deletion.
 */
export const onUserDeleted: EventHandler<IdentityUserDeleted> = {
  event: IDENTITY_USER_DELETED,
  name: 'on-user-deleted',
  async handle(event, { db }) {
    await noteDeleted(db, event.data.userId, new Date(event.occurredAt));
  },
};
