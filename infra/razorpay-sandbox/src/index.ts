export {
  buildCheckoutPageUrl,
  type PayOrderOverHttpOptions,
  type PayOrderOverHttpResult,
  payOrderOverHttp,
} from './driver.ts';
export { sandboxOptionsFromEnv } from './env.ts';
export type { RazorpayErrorBody } from './errors.ts';
export { TEST_CARDS } from './pages.ts';
export {
  DEFAULT_KEY,
  DEFAULT_WEBHOOK_SECRET,
  type RazorpaySandbox,
  type RazorpaySandboxOptions,
  type SandboxKey,
  startRazorpaySandbox,
} from './sandbox.ts';
export type { OrderEntity, PaymentEntity } from './store.ts';
export type { WebhookDelivery, WebhookEvent, WebhookEventName } from './webhooks.ts';
