import { type CallerIdentity, IDENTITY_INTERNAL } from '@liveedu/contracts';
import { forbidden, HttpError, internalClient, type ServiceApp } from '@liveedu/service-kit';
import { earningsSettings } from '../config.ts';

/** A log-in this recent needs no password again before money moves. */
export const STEP_UP_SECONDS = 10 * 60;

export const PASSWORD_NEEDED = 'Please confirm your current password: you logged in more than 10 minutes ago';
export const WRONG_PASSWORD = 'Your current password is incorrect';

/**
 * Money moves (bank details, withdrawals) only for someone who typed the password lately: a log-in
 * within `STEP_UP_SECONDS`, or the current password sent with the call (`currPass`), checked by
 * identity. A stolen token alone cannot redirect a tutor's payouts.
 */
export function stepUp(opts: { identityUrl: string; internalSecret: string; timeoutMs?: number }) {
  const identity = internalClient(IDENTITY_INTERNAL, {
    service: 'identity',
    caller: 'earnings',
    baseUrl: opts.identityUrl,
    internalSecret: opts.internalSecret,
    ...(opts.timeoutMs ? { timeoutMs: opts.timeoutMs } : {}),
  });
  return async function confirm(who: CallerIdentity, currPass: string | undefined, requestId: string) {
    const fresh = who.loggedInAt !== undefined && Date.now() / 1000 - who.loggedInAt <= STEP_UP_SECONDS;
    if (fresh) return;
    if (!currPass) throw forbidden(PASSWORD_NEEDED);
    const answer = await identity.call(
      'passwordCheck',
      { params: { id: who.userId }, body: { password: currPass } },
      requestId,
    );
    // Identity's own limit on confirmations (ten an hour), passed on as it says it.
    if (!answer.ok) throw new HttpError(answer.status, answer.message);
    if (!answer.body.matches) throw forbidden(WRONG_PASSWORD);
  };
}

/** The step-up check of this service: identity where the settings say, with the service's secret. */
export const stepUpFor = (app: ServiceApp) =>
  stepUp({ identityUrl: earningsSettings.of(app).IDENTITY_URL, internalSecret: app.config.internalSecret });
