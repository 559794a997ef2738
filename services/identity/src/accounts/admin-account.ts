import type { ServiceApp } from '@liveedu/service-kit';
import { identitySettings } from '../config.ts';
import { ADMIN_USERNAME } from './domain.ts';
import { newAccount } from './new-account.ts';
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
    .insertOne(
      newAccount(
        { username: ADMIN_USERNAME, email, passwordHash: await hashPassword(password), role: 'admin' },
        now,
      ),
    )
    .catch((error: { code?: number }) => {
      // Another instance created it at the same moment.
      if (error.code !== 11000) throw error;
    });
}
