import { setTimeout as sleep } from 'node:timers/promises';
import type { IntegrationEvent, Role } from '@liveedu/contracts';
import { conflict, isDuplicateKey, notFound, type ServiceApp, storedCollection } from '@liveedu/service-kit';
import type { Db, Document, ObjectId } from 'mongodb';
import type { SessionEntry } from '../sessions/domain.ts';
import { type PageStatus, usernameKey } from './domain.ts';
import { type ProfileField, sessionsEnded, userDeleted, userRegistered, userUpdated } from './events.ts';

export interface UserDoc {
  _id: ObjectId;
  username: string;
  /** Lower-cased copies carry the unique indexes: names and addresses are case-insensitive. */
  usernameKey: string;
  email: string;
  emailKey: string;
  passwordHash: string;
  role: Role;
  avatar: string;
  /** Object key of an uploaded avatar in the `avatars` bucket (absent for the default avatar). */
  avatarKey?: string;
  desc: string;
  stausOfPage: PageStatus;
  /** The tutor application: when it was sent, its link and its resume (an object in `resumes`). */
  appliedAt?: Date;
  ytLink?: string;
  resumeKey?: string;
  /** When an admin last accepted or rejected the application (the 60-day rule counts from it). */
  decidedAt?: Date;
  /** SHA-256 of the one outstanding password-reset token, and when it stops working. */
  resetTokenHash?: string;
  resetExpiresAt?: Date;
  createdAt: Date;
  /** `YYYY-MM-DD` and `YYYY-MM` in Asia/Kolkata, for the admin's sign-up charts. */
  day: string;
  month: string;
  /** Bumped by every profile change, so a change and the event describing it never race. */
  rev?: number;
  /** Set when the account is deleted; such a user no longer exists for anyone. */
  deletedAt?: Date;
  /** The log-in sessions still open, oldest first (see `sessions/domain.ts`). */
  sessions?: SessionEntry[];
  /** When each open session was last seen, by id (kept apart: seeing a session is not a change). */
  sessionsSeen?: Record<string, Date>;
  /** Raised when every session ends at once; a token carrying an older one is refused. */
  tokenVersion?: number;
  /** The last payout-account event mailed about, so a redelivery mails nothing more. */
  bankMailEvent?: string;
  /** The last withdrawal request, and the last withdrawal paid, mailed to the tutor. */
  withdrawalRequestMailEvent?: string;
  withdrawalPaidMailEvent?: string;
  /** The last failed-video event mailed to the tutor. */
  videoMailEvent?: string;
}

export const USERS = storedCollection<UserDoc>('users', [
  { key: { usernameKey: 1 }, name: 'username_unique', unique: true },
  { key: { emailKey: 1 }, name: 'email_unique', unique: true },
  { key: { createdAt: -1 }, name: 'newest' },
  { key: { role: 1 }, name: 'by_role' },
  { key: { day: 1 }, name: 'by_day' },
  { key: { month: 1 }, name: 'by_month' },
  { key: { appliedAt: -1 }, name: 'tutor_applications' },
  { key: { resetTokenHash: 1 }, name: 'reset_token' },
]);

/** Only users that still exist. */
export const LIVE = { deletedAt: { $exists: false } } as const;
/** Users the admin manages and counts: everyone but the admin account. */
export const MEMBERS = { ...LIVE, role: { $in: ['student', 'tutor'] } } as const;

/** A live user by id (null when there is none); `projection` names the fields read. */
export const findLiveUser = (db: Db, id: ObjectId, projection?: Document) =>
  USERS.in(db).findOne({ _id: id, ...LIVE }, projection ? { projection } : {});

/** A live user by username, however it is spelt (null when there is none). */
export const findByUsername = (db: Db, username: string) =>
  USERS.in(db).findOne({ usernameKey: usernameKey(username), ...LIVE });

/** Creates an account with its `identity.user.registered`; a name or address already taken is a 409. */
export async function registerUser(app: ServiceApp, user: UserDoc, requestId: string): Promise<void> {
  try {
    await app.outbox.insertOne(USERS.collection, user, [userRegistered(user, { requestId })]);
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    const taken = await USERS.in(app.db).findOne({ usernameKey: user.usernameKey });
    throw conflict(taken ? 'Username already exists' : 'Email already exists');
  }
}

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

/** How often a change is tried before the caller is told the account is busy (409). */
const CHANGE_ATTEMPTS = 24;

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
  const users = USERS.in(app.db);
  for (let attempt = 0; attempt < CHANGE_ATTEMPTS; attempt += 1) {
    // Writers that lost the race try again after a random pause, so a crowd of them (one account
    // logging in from many devices at once) spreads out instead of colliding again together.
    if (attempt > 0) await sleep(Math.random() * 2 ** Math.min(attempt, 6));
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
        ? await app.outbox.updateOne<UserDoc>(USERS.collection, filter, update, events)
        : await users.updateOne(filter, update);
    if (result.matchedCount === 1) return { before, after };
  }
  throw conflict('The account is being changed by another request, please try again');
}
