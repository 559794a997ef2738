import {
  IDENTITY_USER_REGISTERED,
  IDENTITY_USER_UPDATED,
  type IdentityUserRegistered,
  type IdentityUserUpdated,
} from '@liveedu/contracts';
import type { EventHandler } from '@liveedu/service-kit';
import { keepAddress, keepName } from './store.ts';

/** A new account: where its mail goes and its name. */
export const onUserRegistered: EventHandler<IdentityUserRegistered> = {
  event: IDENTITY_USER_REGISTERED,
  name: 'on-user-registered',
  async handle(event, { db }) {
    const { userId, email, username } = event.data;
    await keepAddress(db, userId, email, username);
  },
};

/** A changed profile: the name mails greet the user by. */
export const onUserRenamed: EventHandler<IdentityUserUpdated> = {
  event: IDENTITY_USER_UPDATED,
  name: 'on-user-renamed',
  async handle(event, { db }) {
    await keepName(db, event.data.userId, event.data.username);
  },
};
