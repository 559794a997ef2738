import type { IntegrationEvent } from '../event.ts';

export const IDENTITY_USER_UPDATED = 'identity.user.updated';

/** The user's public profile as it is after the change; consumers replace what they keep. */
export interface IdentityUserUpdatedData {
  userId: string;
  username: string;
  avatar: string;
  desc: string;
  role: 'student' | 'tutor' | 'admin';
  stausOfPage: 'none' | 'in progress' | 'accept' | 'reject';
  /** Which of the fields changed, for consumers that only care about some. */
  changed: Array<'username' | 'avatar' | 'desc' | 'role' | 'stausOfPage'>;
}

export type IdentityUserUpdated = IntegrationEvent<typeof IDENTITY_USER_UPDATED, IdentityUserUpdatedData>;
