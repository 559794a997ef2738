import type Razorpay from 'razorpay';
import type { PaymentsConfig } from '../config.ts';

/**
 * The one place the SDK is built. `razorpay@2` fixes its host to https://api.razorpay.com; its
 * axios instance (`api.rq`, absent from the SDK's types) reads `defaults` on every request, so a
 * configured `RAZORPAY_API_URL` (the sandbox in dev/test) replaces the host there. The SDK (and
 * its axios) is loaded when the first order or refund needs it.
 */
export async function createRazorpayClient(
  config: Pick<PaymentsConfig, 'keyId' | 'keySecret' | 'apiUrl'>,
  timeoutMs = 10_000,
): Promise<Razorpay> {
  const { default: Razorpay } = await import('razorpay');
  const client = new Razorpay({ key_id: config.keyId, key_secret: config.keySecret });
  const rq = (client.api as unknown as { rq: { defaults: { baseURL?: string; timeout?: number } } }).rq;
  // Without a timeout a provider that stops answering would hold a checkout open forever.
  rq.defaults.timeout = timeoutMs;
  if (config.apiUrl) rq.defaults.baseURL = config.apiUrl;
  return client;
}
