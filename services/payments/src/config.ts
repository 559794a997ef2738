import {
  DEFAULT_SERVICE_PORTS,
  HttpUrl,
  secret,
  serviceSettings,
  Type,
  trimSlashes,
} from '@liveedu/service-kit';

/** What the payments service reads beyond the kit's configuration. */
export interface PaymentsConfig {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Stand-in for `https://api.razorpay.com` (the sandbox in dev/test); unset means Razorpay itself. */
  apiUrl?: string;
  /** Where the catalog's public API answers. */
  catalogUrl: string;
}

/** The sandbox's own defaults, so local mode works with no configuration at all. */
export const LOCAL_RAZORPAY = {
  keyId: 'rzp_test_liveedu',
  keySecret: 'liveedu_sandbox_secret',
  webhookSecret: 'liveedu_webhook_secret',
} as const;

const RAZORPAY_API = '^https://api\\.razorpay\\.com/?$';

/**
 * In production, a test key (`rzp_test_`) or an API other than Razorpay's (the sandbox) takes an
 * explicit `RAZORPAY_MODE=test`, so a live start never takes payments nobody is paid for.
 */
const testModeDeclared = {
  if: {
    anyOf: [
      {
        properties: { RAZORPAY_KEY_ID: { type: 'string', pattern: '^rzp_test_' } },
        required: ['RAZORPAY_KEY_ID'],
      },
      {
        properties: { RAZORPAY_API_URL: { type: 'string', not: { type: 'string', pattern: RAZORPAY_API } } },
        required: ['RAZORPAY_API_URL'],
      },
    ],
  },
  // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keyword, never awaited
  then: { properties: { RAZORPAY_MODE: { type: 'string', const: 'test' } }, required: ['RAZORPAY_MODE'] },
};

export const paymentsSettings = serviceSettings((production) =>
  Type.Object(
    {
      // An identifier Razorpay shows in the checkout, not a secret.
      RAZORPAY_KEY_ID: production
        ? Type.String({
            pattern: '^rzp_(live|test)_',
            errorMessage: 'must be a Razorpay key id (rzp_live_… or rzp_test_…)',
          })
        : Type.String({ default: LOCAL_RAZORPAY.keyId }),
      // Razorpay issues the key secret (24 characters); the webhook secret is the operator's own.
      RAZORPAY_KEY_SECRET: secret(production, LOCAL_RAZORPAY.keySecret, 'issued'),
      RAZORPAY_WEBHOOK_SECRET: secret(production, LOCAL_RAZORPAY.webhookSecret),
      RAZORPAY_API_URL: Type.Optional(HttpUrl()),
      RAZORPAY_MODE: Type.Optional(
        Type.Enum(['live', 'test'], {
          errorMessage:
            'must be "test" to start with a test key (rzp_test_) or an API other than Razorpay\'s (RAZORPAY_API_URL)',
        }),
      ),
      CATALOG_URL: HttpUrl({ default: `http://127.0.0.1:${DEFAULT_SERVICE_PORTS.catalog}` }),
    },
    production ? testModeDeclared : {},
  ),
);

export function paymentsConfig(settings: ReturnType<typeof paymentsSettings.of>): PaymentsConfig {
  return {
    keyId: settings.RAZORPAY_KEY_ID,
    keySecret: settings.RAZORPAY_KEY_SECRET,
    webhookSecret: settings.RAZORPAY_WEBHOOK_SECRET,
    ...(settings.RAZORPAY_API_URL ? { apiUrl: trimSlashes(settings.RAZORPAY_API_URL) } : {}),
    catalogUrl: trimSlashes(settings.CATALOG_URL),
  };
}
