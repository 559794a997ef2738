import { createHash, randomBytes } from 'node:crypto';

/** A password-reset link works for this long after it is sent. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/** Only the hash is stored, so a leaked database does not hand out working links. */
export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function newResetToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashResetToken(token) };
}

/** Tokens we issue are 43 url-safe characters; anything else cannot be one. */
export const looksLikeResetToken = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);
