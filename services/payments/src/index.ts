export { paymentsService } from './app.ts';
export type { OpenCheckoutDoc } from './checkout/store.ts';
export { LOCAL_INVOICE_ISSUER, LOCAL_RAZORPAY } from './config.ts';
export type { CouponBuyerDoc, CouponDoc, CouponReservationDoc } from './coupons/store.ts';
export type { CounterDoc, TaxDocumentDoc } from './invoices/store.ts';
export type { PaymentFields } from './payments/domain.ts';
export type { PaymentDoc, PurchaseDoc } from './payments/store.ts';
/** One pass of the refund sweep, for tests that bring Razorpay back and do not wait a minute. */
export { settleRefunds } from './refunds/sending.ts';
export type { RefundRequestDoc } from './refunds/store.ts';
export { signPayment, signWebhook } from './verification/signatures.ts';
export type { WebhookEventDoc } from './webhook/store.ts';
