/** The authenticated caller, as the gateway vouches for it to the services. */
export type Role = 'student' | 'tutor' | 'admin';

export interface CallerIdentity {
  userId: string;
  username: string;
  role: Role;
}

/** Header carrying the gateway-signed identity; the gateway strips any client-sent copy. */
export const IDENTITY_HEADER = 'x-liveedu-identity';
/** Header carrying the request id from the gateway through services into events. */
export const REQUEST_ID_HEADER = 'x-request-id';
