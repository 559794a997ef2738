import type { IntegrationEvent } from '@liveedu/contracts';
import { type CollectionIndexes, conflict, notFound, type ServiceApp } from '@liveedu/service-kit';
import type { Collection, Db, Document, IndexDescription, ObjectId } from 'mongodb';
import { USERS, type UserDoc } from './domain/user.ts';
import { type ProfileField, sessionsEnded, userDeleted, userUpdated } from './events.ts';

export const usersOf = (db: Db): Collection<UserDoc> => db.collection<UserDoc>(USERS);

/** Only users that still exist. */
export const LIVE = { deletedAt: { $exists: false } } as const;
/** Users the admin manages and counts: everyone but the admin account. */
export const MEMBERS = { ...LIVE, role: { $in: ['student', 'tutor'] } } as const;

const USER_INDEXES: IndexDescription[] = [
  { key: { usernameKey: 1 }, name: 'username_unique', unique: true },
  { key: { emailKey: 1 }, name: 'email_unique', unique: true },
  { key: { createdAt: -1 }, name: 'newest' },
  { key: { role: 1 }, name: 'by_role' },
  { key: { day: 1 }, name: 'by_day' },
  { key: { month: 1 }, name: 'by_month' },
  { key: { appliedAt: -1 }, name: 'tutor_applications' },
  { key: { resetTokenHash: 1 }, name: 'reset_token' },
];

export const userIndexes: CollectionIndexes[] = [{ collection: USERS, indexes: USER_INDEXES }];

export interface UserChange {
  set?: Partial<UserDoc>;
  unset?: Array<keyof UserDoc>;
  /** Public profile fields this change touches; they go out in `identity.user.updated`. */
  changed?: ProfileField[];
  /** The account is being deleted: `identity.user.deleted` goes out instead. */
  deleted?: boolean;
  /** Sessions this change ends: `identity.user.signedout` goes out with it. */
  endsSessions?: { sessionIds: string[]; all: boolean };
}

/**
 * Reads a live user, lets `decide` work out the change (or throw an HttpError), and writes it
 * together with the event describing the result, only if nobody changed the user meanwhile
 * (`rev`); otherwise it reads again. The event carries the whole profile after the change, which
 * a single atomic update cannot know before it is applied, so the write is conditional on the
 * state it was computed from: an event's snapshot is always the state its write produced, and
 * events leave in the order of the writes.
 */
export async function changeUser(
  app: ServiceApp,
  id: ObjectId,
  decide: (user: UserDoc) => UserChange | Promise<UserChange>,
  opts: { requestId?: string; missing?: string } = {},
): Promise<{ before: UserDoc; after: UserDoc }> {
  const users = usersOf(app.db);
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const before = await users.findOne({ _id: id, ...LIVE });
    if (!before) throw notFound(opts.missing ?? 'User not found');
    const change = await decide(before);
    const rev = (before.rev ?? 0) + 1;
    const after: UserDoc = { ...before, ...change.set, rev };
    for (const field of change.unset ?? []) delete after[field];

    const events: IntegrationEvent[] = [];
    if (change.deleted) events.push(userDeleted(after, { requestId: opts.requestId }));
    else if (change.changed?.length)
      events.push(userUpdated(after, change.changed, { requestId: opts.requestId }));
    if (change.endsSessions && (change.endsSessions.all || change.endsSessions.sessionIds.length > 0)) {
      const { sessionIds, all } = change.endsSessions;
      events.push(sessionsEnded(after._id.toHexString(), sessionIds, all, { requestId: opts.requestId }));
    }

    const update: Document = { $set: { ...change.set, rev } };
    if (change.unset?.length) update.$unset = Object.fromEntries(change.unset.map((field) => [field, '']));
    const sameRev = before.rev === undefined ? { rev: { $exists: false } } : { rev: before.rev };
    const filter = { _id: id, ...LIVE, ...sameRev };
    const result =
      events.length > 0
        ? await app.outbox.updateOne<UserDoc>(USERS, filter, update, events)
        : await users.updateOne(filter, update);
    if (result.matchedCount === 1) return { before, after };
  }
  throw conflict('The account is being changed by another request, please try again');
}
