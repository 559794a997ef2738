import type { IntegrationEvent } from '../event.ts';

export const IDENTITY_USER_DELETED = 'identity.user.deleted';

export interface IdentityUserDeletedData {
  userId: string;
  username: string;
}

export type IdentityUserDeleted = IntegrationEvent<typeof IDENTITY_USER_DELETED, IdentityUserDeletedData>;
