export type { DisputeEntity, DisputeOutcome } from './disputes.ts';
export {
  buildCheckoutPageUrl,
  type PayOrderOverHttpOptions,
  type PayOrderOverHttpResult,
  payOrderOverHttp,
} from './driver.ts';
export { sandboxOptionsFromEnv } from './env.ts';
export type { RazorpayErrorBody } from './errors.ts';
export { TEST_CARDS } from './pages.ts';
export type { RefundsAndDisputes } from './refund-routes.ts';
export { DEFAULT_REFUND_FAILURE, type RefundEntity, type RefundOutcome } from './refunds.ts';
export {
  DEFAULT_KEY,
  DEFAULT_WEBHOOK_SECRET,
  type RazorpaySandbox,
  type RazorpaySandboxOptions,
  type SandboxKey,
  startRazorpaySandbox,
} from './sandbox.ts';
export type { OrderEntity, PaymentEntity } from './store.ts';
export type { WebhookDelivery, WebhookEntities, WebhookEvent, WebhookEventName } from './webhooks.ts';
