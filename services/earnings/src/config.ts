import { ServiceUrl, serviceSettings, Type } from '@liveedu/service-kit';

/** How long a sale's credit waits before it can be withdrawn: the refund window, in days. */
export const DEFAULT_PAYOUT_HOLD_DAYS = 30;

export const earningsSettings = serviceSettings(
  Type.Object({
    /** Where identity answers whether a password is the user's. */
    IDENTITY_URL: ServiceUrl('identity'),
    /**
     * Days after a sale before its credit is withdrawable (a refund may still take it back until
     * then); 0 makes credits withdrawable at once, for local trials.
     */
    PAYOUT_HOLD_DAYS: Type.Integer({ minimum: 0, maximum: 365, default: DEFAULT_PAYOUT_HOLD_DAYS }),
  }),
);
