import {
  IDENTITY_USER_DELETED,
  IDENTITY_USER_UPDATED,
  type IdentityUserDeleted,
  type IdentityUserUpdated,
} from '@liveedu/contracts';
import type { EventHandler } from '@liveedu/service-kit';
import type { Db } from 'mongodb';
import { ANNOUNCEMENTS } from '../announcements/store.ts';
import { DELETED_USER } from '../posts/domain.ts';
import { ANSWERS, QUESTIONS } from '../posts/store.ts';
import { markChanged } from '../question-list/store.ts';
import { FOLLOWS, VOTES } from '../votes/store.ts';

/**
 * Sets what a user's posts show of their author, and tells the lists of every course where they
 * asked. Questions and answers are found by their author (an index); a repeat does the same again.
 */
async function renameAuthor(db: Db, userId: string, to: { authorId: string | null; authorName: string }) {
  const asked = await QUESTIONS.in(db)
    .find({ authorId: userId }, { projection: { courseId: 1 } })
    .toArray();
  await QUESTIONS.in(db).updateMany({ authorId: userId }, { $set: to });
  await ANSWERS.in(db).updateMany({ authorId: userId }, { $set: to });
  await ANNOUNCEMENTS.in(db).updateMany({ authorId: userId }, { $set: to });
  for (const question of asked) await markChanged(db, question.courseId, question._id.toHexString());
}

/** A new username shows on the user's questions and answers. */
export const onUserUpdated: EventHandler<IdentityUserUpdated> = {
  event: IDENTITY_USER_UPDATED,
  name: 'on-user-updated',
  async handle(event, { db }) {
    if (!event.data.changed.includes('username')) return;
    await renameAuthor(db, event.data.userId, {
      authorId: event.data.userId,
      authorName: event.data.username,
    });
  },
};

/**
 * A deleted user's questions and answers stay, so the threads keep their sense, shown as by
 * "deleted user"; their upvotes (already counted) and follows go.
 */
export const onUserDeleted: EventHandler<IdentityUserDeleted> = {
  event: IDENTITY_USER_DELETED,
  name: 'on-user-deleted',
  async handle(event, { db }) {
    const { userId } = event.data;
    await renameAuthor(db, userId, { authorId: null, authorName: DELETED_USER });
    await FOLLOWS.in(db).deleteMany({ userId });
    await QUESTIONS.in(db).updateMany({ followers: userId }, { $pull: { followers: userId } });
    await VOTES.in(db).deleteMany({ userId });
  },
};
