import jwt from '@fastify/jwt';
import type { ServiceDefinition } from '@liveedu/service-kit';
import { ensureAdminAccount } from './admin-account.ts';
import { USERS } from './domain/user.ts';
import authRoutes from './routes/auth/index.ts';
import internalRoutes from './routes/internal/index.ts';
import profileRoutes from './routes/profile/index.ts';
import { userIndexes } from './users.ts';

export const identityService: ServiceDefinition = {
  name: 'identity',
  openapi: {
    title: 'LiveEdu identity',
    description: 'Accounts, log-in, profiles, tutor applications, users.',
  },
  indexes: [userIndexes],
  outboxCollections: [USERS],
  async routes(app) {
    await app.register(jwt, { secret: app.config.jwtSecret, sign: { algorithm: 'HS256' } });
    await app.register(authRoutes);
    await app.register(profileRoutes);
    await app.register(internalRoutes);
  },
  onReady: ensureAdminAccount,
};
