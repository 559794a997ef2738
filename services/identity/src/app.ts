import jwt from '@fastify/jwt';
import type { ServiceDefinition } from '@liveedu/service-kit';
import { ensureAdminAccount } from './accounts/admin-account.ts';
import { USERS } from './accounts/store.ts';
import { signupChartRoutes, userAdminRoutes } from './admin/routes.ts';
import { logInRoutes, passwordCheckRoutes, signUpRoutes } from './auth/routes.ts';
import { identitySettings } from './config.ts';
import { seedDemoAccounts } from './demo/seed.ts';
import {
  onBankDetailsSaved,
  onVideoFailed,
  onWithdrawalRequested,
  onWithdrawalUpdated,
} from './mail/handlers.ts';
import { forgotPasswordRoutes, passwordChangeRoutes, resetPasswordRoutes } from './password/routes.ts';
import { avatarRoutes, profileRoutes } from './profile/routes.ts';
import { AVATARS } from './profile/store.ts';
import { logoutRoutes, sessionRoutes, userAccessRoutes } from './sessions/routes.ts';
import { applicationReviewRoutes, applicationRoutes } from './tutor-requests/routes.ts';
import { RESUMES } from './tutor-requests/store.ts';

export const identityService: ServiceDefinition = {
  name: 'identity',
  userTokens: true,
  openapi: {
    title: 'LiveEdu identity',
    description: 'Accounts, log-in, profiles, tutor applications, users.',
  },
  settings: identitySettings,
  indexes: [USERS],
  outboxCollections: [USERS.collection],
  handlers: [onBankDetailsSaved, onWithdrawalRequested, onWithdrawalUpdated, onVideoFailed],
  buckets: [
    { name: AVATARS, access: 'public-read', images: true },
    { name: RESUMES, access: 'private' },
  ],
  async plugins(app) {
    await app.register(jwt, { secret: app.config.jwtSecret, sign: { algorithm: 'HS256' } });
  },
  // In the order the API document lists them.
  routes: [
    signUpRoutes,
    logInRoutes,
    logoutRoutes,
    sessionRoutes,
    forgotPasswordRoutes,
    resetPasswordRoutes,
    profileRoutes,
    passwordChangeRoutes,
    avatarRoutes,
    applicationRoutes,
    applicationReviewRoutes,
    userAdminRoutes,
    signupChartRoutes,
    userAccessRoutes,
    passwordCheckRoutes,
  ],
  async onReady(app) {
    await ensureAdminAccount(app);
    if (app.config.seedDemo) await seedDemoAccounts(app);
  },
};
