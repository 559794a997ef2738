import jwt from '@fastify/jwt';
import type { ServiceDefinition } from '@liveedu/service-kit';
import { ensureAdminAccount } from './admin-account.ts';
import { seedDemoAccounts } from './demo-accounts.ts';
import { USERS } from './domain/user.ts';
import adminRoutes from './routes/admin/index.ts';
import authRoutes from './routes/auth/index.ts';
import internalRoutes from './routes/internal/index.ts';
import passwordRoutes from './routes/password/index.ts';
import profileRoutes, { AVATARS } from './routes/profile/index.ts';
import sessionRoutes from './routes/sessions/index.ts';
import tutorRequestRoutes, { RESUMES } from './routes/tutor-requests/index.ts';
import { identitySettings } from './settings.ts';
import {
  onBankDetailsSaved,
  onVideoFailed,
  onWithdrawalRequested,
  onWithdrawalUpdated,
} from './tutor-mails.ts';
import { userIndexes } from './users.ts';

export const identityService: ServiceDefinition = {
  name: 'identity',
  userTokens: true,
  openapi: {
    title: 'LiveEdu identity',
    description: 'Accounts, log-in, profiles, tutor applications, users.',
  },
  settings: identitySettings,
  indexes: userIndexes,
  outboxCollections: [USERS],
  handlers: [onBankDetailsSaved, onWithdrawalRequested, onWithdrawalUpdated, onVideoFailed],
  buckets: [
    { name: AVATARS, access: 'public-read' },
    { name: RESUMES, access: 'private' },
  ],
  async plugins(app) {
    await app.register(jwt, { secret: app.config.jwtSecret, sign: { algorithm: 'HS256' } });
  },
  routes: [
    authRoutes,
    sessionRoutes,
    passwordRoutes,
    profileRoutes,
    tutorRequestRoutes,
    adminRoutes,
    internalRoutes,
  ],
  async onReady(app) {
    await ensureAdminAccount(app);
    if (app.config.seedDemo) await seedDemoAccounts(app);
  },
};
