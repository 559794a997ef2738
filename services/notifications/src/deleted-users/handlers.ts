import { IDENTITY_USER_DELETED, type IdentityUserDeleted } from '@liveedu/contracts';
import type { EventHandler } from '@liveedu/service-kit';
import { deleteInbox } from '../inbox/store.ts';
import { forgetDigest } from '../mail/store.ts';
import { PREFERENCES } from '../preferences/store.ts';
import { forgetRecipient } from '../recipients/store.ts';

/**
 * A deleted user's notifications, preferences, waiting digest and address go. Their address is
 * forgotten first, leaving a mark that gives them no new notifications from events still on the way.
 */
export const onUserDeleted: EventHandler<IdentityUserDeleted> = {
  event: IDENTITY_USER_DELETED,
  name: 'on-user-deleted',
  async handle(event, { db }) {
    const { userId } = event.data;
    await forgetRecipient(db, userId);
    await deleteInbox(db, userId);
    await PREFERENCES.in(db).deleteOne({ _id: userId });
    await forgetDigest(db, userId);
  },
};
