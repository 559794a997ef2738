import {
  IDENTITY_USER_DELETED,
  IDENTITY_USER_REGISTERED,
  IDENTITY_USER_SIGNED_OUT,
  IDENTITY_USER_UPDATED,
  type IdentityUserDeletedData,
  type IdentityUserRegisteredData,
  type IdentityUserSignedOutData,
  type IdentityUserUpdatedData,
} from '@liveedu/contracts';
import { newEvent } from '@liveedu/service-kit';
import type { UserDoc } from './store.ts';

export type ProfileField = IdentityUserUpdatedData['changed'][number];
type EventOptions = { id?: string; requestId?: string };

export function userRegistered(user: UserDoc, opts: EventOptions = {}) {
  const data: IdentityUserRegisteredData = {
    userId: user._id.toHexString(),
    username: user.username,
    email: user.email,
    role: user.role,
    avatar: user.avatar,
    createdAt: user.createdAt.toISOString(),
  };
  return newEvent(IDENTITY_USER_REGISTERED, data, opts);
}

/** The profile as it is after the change, so consumers can replace what they keep. */
export function userUpdated(user: UserDoc, changed: ProfileField[], opts: EventOptions = {}) {
  const data: IdentityUserUpdatedData = {
    userId: user._id.toHexString(),
    username: user.username,
    avatar: user.avatar,
    desc: user.desc,
    role: user.role,
    stausOfPage: user.stausOfPage,
    changed,
  };
  return newEvent(IDENTITY_USER_UPDATED, data, opts);
}

export function userDeleted(user: UserDoc, opts: EventOptions = {}) {
  const data: IdentityUserDeletedData = { userId: user._id.toHexString(), username: user.username };
  return newEvent(IDENTITY_USER_DELETED, data, opts);
}

/** Sessions that ended: gateways stop taking their tokens. */
export function sessionsEnded(userId: string, sessionIds: string[], all: boolean, opts: EventOptions = {}) {
  const data: IdentityUserSignedOutData = { userId, sessionIds, all };
  return newEvent(IDENTITY_USER_SIGNED_OUT, data, opts);
}
