import { IDENTITY_USER_DELETED, type IdentityUserDeleted } from '@liveedu/contracts';
import type { EventHandler } from '@liveedu/service-kit';
import { TODOS } from './store.ts';

/** A deleted user's todos go with them. */
export const onUserDeleted: EventHandler<IdentityUserDeleted> = {
  event: IDENTITY_USER_DELETED,
  name: 'on-user-deleted',
  async handle(event, { db }) {
    await TODOS.in(db).deleteMany({ userId: event.data.userId });
  },
};
