import type { IntegrationEvent } from '../event.ts';

export const IDENTITY_USER_REGISTERED = 'identity.user.registered';

export interface IdentityUserRegisteredData {
  userId: string;
  username: string;
  email: string;
  role: 'student' | 'tutor' | 'admin';
  avatar: string;
  createdAt: string;
}

export type IdentityUserRegistered = IntegrationEvent<
  typeof IDENTITY_USER_REGISTERED,
  IdentityUserRegisteredData
>;
