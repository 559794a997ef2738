import { calendarKeys } from '@liveedu/calendar';
import type { ServiceApp } from '@liveedu/service-kit';
import { ObjectId } from 'mongodb';
import { identitySettings } from '../config.ts';
import { ADMIN_USERNAME, DEFAULT_AVATAR } from './domain.ts';
import { hashPassword } from './passwords.ts';
import { USERS, type UserDoc } from './store.ts';

/**
 * The one admin account, `admin`: made at the first start with ADMIN_PASSWORD; later starts keep
 * its role but not the password, so a password the admin changed survives a restart (and a
 * leaked environment does not reset it).
 */
export async function ensureAdminAccount(app: ServiceApp): Promise<void> {
  const { ADMIN_PASSWORD: password, ADMIN_EMAIL: email } = identitySettings.of(app);
  const users = USERS.in(app.db);
  const existing = await users.findOne({ usernameKey: ADMIN_USERNAME });
  if (existing) {
    const update: Partial<UserDoc> = { role: 'admin' };
    await users.updateOne({ _id: existing._id }, { $set: update, $unset: { deletedAt: '' } });
    return;
  }
  const now = new Date();
  await users
    .insertOne({
      _id: new ObjectId(),
      username: ADMIN_USERNAME,
      usernameKey: ADMIN_USERNAME,
      email,
      emailKey: email.toLowerCase(),
      passwordHash: await hashPassword(password),
      role: 'admin',
      avatar: DEFAULT_AVATAR,
      desc: '',
      stausOfPage: 'none',
      createdAt: now,
      ...calendarKeys(now),
    })
    .catch((error: { code?: number }) => {
      // Another instance created it at the same moment.
      if (error.code !== 11000) throw error;
    });
}
