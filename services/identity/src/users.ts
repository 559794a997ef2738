import type { IntegrationEvent } from '@liveedu/contracts';
import {
  type CollectionIndexes,
  conflict,
  isDuplicateKey,
  notFound,
  type ServiceApp,
  withEventsUpdate,
} from '@liveedu/service-kit';
import type { Collection, Db, Document, IndexDescription, ObjectId } from 'mongodb';
import { USERS, type UserDoc } from './domain/user.ts';
import { type ProfileField, userDeleted, userUpdated } from './events.ts';

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

/**
 * One index per `createIndexes` call: FerretDB 1.24 drops the connection when a single call
 * names several indexes that already exist, which is every start after the first.
 */
export const userIndexes: CollectionIndexes[] = USER_INDEXES.map((index) => ({
  collection: USERS,
  indexes: [index],
}));

/**
 * A unique index refused the write. MongoDB says so with code 11000; FerretDB 1.x on SQLite
 * does for inserts, but reports an update that breaks a unique index by its SQLite message.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (isDuplicateKey(error)) return true;
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.includes('UNIQUE constraint failed');
}

export interface UserChange {
  set?: Partial<UserDoc>;
  unset?: Array<keyof UserDoc>;
  /** Public profile fields this change touches; they go out in `identity.user.updated`. */
  changed?: ProfileField[];
  /** The account is being deleted: `identity.user.deleted` goes out instead. */
  deleted?: boolean;
}

/**
 * Reads a live user, lets `decide` work out the change (or throw an HttpError), and writes it
 * together with the event describing the result, only if nobody changed the user meanwhile
 * (`rev`); otherwise it reads again. So an event's snapshot of the profile is always the state
 * its write produced, and events leave in the order of the writes.
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

    let update: Document = { $set: { ...change.set, rev } };
    if (change.unset?.length) update.$unset = Object.fromEntries(change.unset.map((field) => [field, '']));
    if (events.length > 0) update = withEventsUpdate(update, ...events);
    const sameRev = before.rev === undefined ? { rev: { $exists: false } } : { rev: before.rev };
    const result = await users.updateOne({ _id: id, ...LIVE, ...sameRev }, update);
    if (result.matchedCount === 1) {
      if (events.length > 0) app.outbox.kick();
      return { before, after };
    }
  }
  throw conflict('The account is being changed by another request, please try again');
}
