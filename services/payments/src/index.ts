export { paymentsService } from './app.ts';
export type { OpenCheckoutDoc } from './checkout/store.ts';
export { LOCAL_RAZORPAY } from './config.ts';
export type { PaymentFields } from './payments/domain.ts';
export type { PaymentDoc, PurchaseDoc } from './payments/store.ts';
export { signPayment, signWebhook } from './verification/signatures.ts';
export type { WebhookEventDoc } from './webhook/store.ts';
