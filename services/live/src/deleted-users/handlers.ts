import { IDENTITY_USER_DELETED, type IdentityUserDeleted } from '@liveedu/contracts';
import type { EventHandler } from '@liveedu/service-kit';
import { forgetAttendee } from '../attendance/store.ts';
import { forgetFeed } from '../calendar/store.ts';

/** A deleted user's calendar feed stops working and their attendance goes; a repeat does the same again. */
export const onUserDeleted: EventHandler<IdentityUserDeleted> = {
  event: IDENTITY_USER_DELETED,
  name: 'on-user-deleted',
  async handle(event, { db }) {
    await forgetFeed(db, event.data.userId);
    await forgetAttendee(db, event.data.userId);
  },
};
