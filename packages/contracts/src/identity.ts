/** The authenticated caller, as the gateway vouches for it to the services. */
export type Role = 'student' | 'tutor' | 'admin';

export interface CallerIdentity {
  userId: string;
  username: string;
  role: Role;
  /** The log-in session the call's token belongs to (absent on calls no token made). */
  sessionId?: string;
  /** When the user typed their password for that session (seconds since 1970): its token's `iat`. */
  loggedInAt?: number;
}

/** What a token of an ended session is answered with (401). */
export const SESSION_ENDED_MESSAGE = 'Your session has ended, please log in again';

/** Header carrying the gateway-signed identity; the gateway strips any client-sent copy. */
export const IDENTITY_HEADER = 'x-liveedu-identity';
/** Header carrying the request id from the gateway through services into events. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** A log-in session's id, as tokens carry it (`sid`). */
export const SESSION_ID = /^[0-9a-f]{32}$/;
