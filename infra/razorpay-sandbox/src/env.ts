import {
  DEFAULT_KEY,
  DEFAULT_WEBHOOK_SECRET,
  type RazorpaySandboxOptions,
  type SandboxKey,
} from './sandbox.ts';

/**
 * Sandbox options from the environment:
 * RAZORPAY_SANDBOX_PORT (8090), RAZORPAY_SANDBOX_HOST (127.0.0.1), RAZORPAY_SANDBOX_PUBLIC_URL,
 * RAZORPAY_KEY_ID / RAZORPAY_KEY_SECRET (rzp_test_liveedu / liveedu_sandbox_secret),
 * RAZORPAY_SANDBOX_EXTRA_KEYS ("id:secret,id2:secret2"),
 * RAZORPAY_WEBHOOK_URL (none: no webhooks), RAZORPAY_WEBHOOK_SECRET (liveedu_webhook_secret).
 */
export function sandboxOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): RazorpaySandboxOptions {
  const portRaw = env.RAZORPAY_SANDBOX_PORT?.trim();
  const port = portRaw ? Number(portRaw) : 8090;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`RAZORPAY_SANDBOX_PORT must be a port number, got "${portRaw}"`);
  }
  const keys: SandboxKey[] = [
    {
      id: env.RAZORPAY_KEY_ID?.trim() || DEFAULT_KEY.id,
      secret: env.RAZORPAY_KEY_SECRET?.trim() || DEFAULT_KEY.secret,
    },
  ];
  for (const pair of (env.RAZORPAY_SANDBOX_EXTRA_KEYS ?? '').split(',')) {
    const trimmed = pair.trim();
    if (!trimmed) continue;
    const sep = trimmed.indexOf(':');
    if (sep <= 0 || sep === trimmed.length - 1) {
      throw new Error('RAZORPAY_SANDBOX_EXTRA_KEYS must be a comma-separated list of id:secret');
    }
    keys.push({ id: trimmed.slice(0, sep), secret: trimmed.slice(sep + 1) });
  }
  return {
    port,
    host: env.RAZORPAY_SANDBOX_HOST?.trim() || '127.0.0.1',
    keys,
    webhookUrl: env.RAZORPAY_WEBHOOK_URL?.trim() || undefined,
    webhookSecret: env.RAZORPAY_WEBHOOK_SECRET?.trim() || DEFAULT_WEBHOOK_SECRET,
    publicUrl: env.RAZORPAY_SANDBOX_PUBLIC_URL?.trim() || undefined,
  };
}
