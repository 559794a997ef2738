import { ConfigError, DEFAULT_SERVICE_PORTS, type KitConfig } from '@liveedu/service-kit';

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

function url(name: string, raw: string): string {
  try {
    const parsed = new URL(raw);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('not http');
  } catch {
    throw new ConfigError(`${name} must be an http(s) URL, got "${raw}"`);
  }
  return raw.replace(/\/+$/, '');
}

export function loadPaymentsConfig(kit: Pick<KitConfig, 'env' | 'production'>): PaymentsConfig {
  const { env, production } = kit;
  const missing: string[] = [];
  const secret = (name: string, localDefault: string) => {
    const value = env[name];
    if (value) return value;
    if (production) missing.push(name);
    return localDefault;
  };
  const keyId = secret('RAZORPAY_KEY_ID', LOCAL_RAZORPAY.keyId);
  const keySecret = secret('RAZORPAY_KEY_SECRET', LOCAL_RAZORPAY.keySecret);
  const webhookSecret = secret('RAZORPAY_WEBHOOK_SECRET', LOCAL_RAZORPAY.webhookSecret);
  if (missing.length > 0) {
    throw new ConfigError(`missing required environment variables for production: ${missing.join(', ')}`);
  }
  return {
    keyId,
    keySecret,
    webhookSecret,
    ...(env.RAZORPAY_API_URL ? { apiUrl: url('RAZORPAY_API_URL', env.RAZORPAY_API_URL) } : {}),
    catalogUrl: url('CATALOG_URL', env.CATALOG_URL || `http://127.0.0.1:${DEFAULT_SERVICE_PORTS.catalog}`),
  };
}
