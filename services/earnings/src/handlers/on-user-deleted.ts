import { IDENTITY_USER_DELETED, type IdentityUserDeleted } from '@liveedu/contracts';
import type { EventHandler } from '@liveedu/service-kit';
import { collections } from '../collections.ts';

/**
 * A deleted user's money records stay (payouts already made must remain traceable), so the
 * read model only notes the deletion.
 */
export const onUserDeleted: EventHandler<IdentityUserDeleted> = {
  event: IDENTITY_USER_DELETED,
  name: 'on-user-deleted',
  async handle(event, { db }) {
    await collections(db).users.updateOne(
      { _id: event.data.userId },
      { $set: { deletedAt: new Date(event.occurredAt) } },
      { upsert: true },
    );
  },
};
