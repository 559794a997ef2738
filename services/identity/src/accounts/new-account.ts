import { calendarKeys } from '@liveedu/calendar';
import type { Role } from '@liveedu/contracts';
import { ObjectId } from 'mongodb';
import { DEFAULT_AVATAR, emailKey, usernameKey } from './domain.ts';
import type { UserDoc } from './store.ts';

/**
 * A new account as it is stored: its names trimmed and keyed case-insensitively, the default
 * avatar, no about text, no tutor application, made `now`.
 */
export function newAccount(
  given: { username: string; email: string; passwordHash: string; role: Role },
  now: Date,
): UserDoc {
  return {
    _id: new ObjectId(),
    username: given.username.trim(),
    usernameKey: usernameKey(given.username),
    email: given.email.trim(),
    emailKey: emailKey(given.email),
    passwordHash: given.passwordHash,
    role: given.role,
    avatar: DEFAULT_AVATAR,
    desc: '',
    stausOfPage: 'none',
    createdAt: now,
    ...calendarKeys(now),
  };
}
