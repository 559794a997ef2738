import { DEFAULT_SERVICE_PORTS, HttpUrl, secret, serviceSettings, Type } from '@liveedu/service-kit';

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

export const paymentsSettings = serviceSettings((production) =>
  Type.Object({
    RAZORPAY_KEY_ID: secret(production, LOCAL_RAZORPAY.keyId),
    RAZORPAY_KEY_SECRET: secret(production, LOCAL_RAZORPAY.keySecret),
    RAZORPAY_WEBHOOK_SECRET: secret(production, LOCAL_RAZORPAY.webhookSecret),
    RAZORPAY_API_URL: Type.Optional(HttpUrl()),
    CATALOG_URL: HttpUrl({ default: `http://127.0.0.1:${DEFAULT_SERVICE_PORTS.catalog}` }),
  }),
);

const trimSlashes = (url: string) => url.replace(/\/+$/, '');

export function paymentsConfig(settings: ReturnType<typeof paymentsSettings.of>): PaymentsConfig {
  return {
    keyId: settings.RAZORPAY_KEY_ID,
    keySecret: settings.RAZORPAY_KEY_SECRET,
    webhookSecret: settings.RAZORPAY_WEBHOOK_SECRET,
    ...(settings.RAZORPAY_API_URL ? { apiUrl: trimSlashes(settings.RAZORPAY_API_URL) } : {}),
    catalogUrl: trimSlashes(settings.CATALOG_URL),
  };
}
