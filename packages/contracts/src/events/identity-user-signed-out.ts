import type { IntegrationEvent } from '../event.ts';

export const IDENTITY_USER_SIGNED_OUT = 'identity.user.signedout';

/**
 * Sessions of a user that ended (a log-out, a password change or reset, a session ended from the
 * list): tokens naming them stop working. Gateways drop what they cached for the user.
 */
export interface IdentityUserSignedOutData {
  userId: string;
  /** The sessions ended. */
  sessionIds: string[];
  /** Every session of the user ended, with its token version raised (log out everywhere, reset). */
  all: boolean;
}

export type IdentityUserSignedOut = IntegrationEvent<
  typeof IDENTITY_USER_SIGNED_OUT,
  IdentityUserSignedOutData
>;
