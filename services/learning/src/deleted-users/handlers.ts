import { IDENTITY_USER_DELETED, type IdentityUserDeleted } from '@liveedu/contracts';
import type { EventHandler } from '@liveedu/service-kit';
import { SUBMISSIONS } from '../assignments/store.ts';
import { NOTES } from '../notes/store.ts';
import { PASSES } from '../passes/store.ts';
import { ATTEMPTS } from '../quizzes/store.ts';

/**
 * A deleted user's learning goes with them: their notes, attempts, passes and hand-ins (the tutors'
 * figures, already counted, keep their numbers).
 */
export const onUserDeleted: EventHandler<IdentityUserDeleted> = {
  event: IDENTITY_USER_DELETED,
  name: 'on-user-deleted',
  async handle(event, { db }) {
    const { userId } = event.data;
    await NOTES.in(db).deleteMany({ userId });
    await ATTEMPTS.in(db).deleteMany({ studentId: userId });
    await PASSES.in(db).deleteMany({ studentId: userId });
    await SUBMISSIONS.in(db).deleteMany({ studentId: userId });
  },
};
