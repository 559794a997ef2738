import type { CallerIdentity } from '@liveedu/contracts';
import { REQUEST_ID_HEADER } from '@liveedu/contracts';
import {
  createServiceTokenSigner,
  DEFAULT_SERVICE_PORTS,
  forbidden,
  HttpError,
  HttpUrl,
  SERVICE_TOKEN_HEADER,
  serviceSettings,
  Type,
} from '@liveedu/service-kit';

/** A log-in this recent needs no password again before money moves. */
export const STEP_UP_SECONDS = 10 * 60;

export const earningsSettings = serviceSettings(
  Type.Object({
    /** Where identity answers whether a password is the user's. */
    IDENTITY_URL: HttpUrl({ default: `http://127.0.0.1:${DEFAULT_SERVICE_PORTS.identity}` }),
  }),
);

export const PASSWORD_NEEDED = 'Please confirm your current password: you logged in more than 10 minutes ago';
export const WRONG_PASSWORD = 'Your current password is incorrect';

const unavailable = () => new HttpError(503, 'The identity service is unavailable, please try again');

/**
 * Money moves (bank details, withdrawals) only for someone who typed the password lately: a log-in
 * within `STEP_UP_SECONDS`, or the current password sent with the call (`currPass`), checked by
 * identity. A stolen token alone cannot redirect a tutor's payouts.
 */
export function stepUp(opts: { identityUrl: string; internalSecret: string; timeoutMs?: number }) {
  const serviceToken = createServiceTokenSigner(opts.internalSecret, 'earnings');
  return async function confirm(who: CallerIdentity, currPass: string | undefined, requestId: string) {
    const fresh = who.loggedInAt !== undefined && Date.now() / 1000 - who.loggedInAt <= STEP_UP_SECONDS;
    if (fresh) return;
    if (!currPass) throw forbidden(PASSWORD_NEEDED);
    let response: Response;
    try {
      response = await fetch(
        `${opts.identityUrl}/internal/users/${encodeURIComponent(who.userId)}/password-check`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [SERVICE_TOKEN_HEADER]: serviceToken(),
            [REQUEST_ID_HEADER]: requestId,
          },
          body: JSON.stringify({ password: currPass }),
          signal: AbortSignal.timeout(opts.timeoutMs ?? 5_000),
        },
      );
    } catch {
      throw unavailable();
    }
    if (response.status === 429)
      throw new HttpError(429, ((await response.json()) as { message: string }).message);
    if (!response.ok) {
      await response.body?.cancel();
      throw unavailable();
    }
    const { matches } = (await response.json().catch(() => ({}))) as { matches?: unknown };
    if (matches !== true) throw forbidden(WRONG_PASSWORD);
  };
}
