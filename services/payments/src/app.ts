import type { ServiceDefinition } from '@liveedu/service-kit';
import { cartCheckoutRoutes, cartRoutes, cartVerificationRoutes } from './cart/routes.ts';
import { CARTS } from './cart/store.ts';
import checkoutRoutes from './checkout/routes.ts';
import { paymentsSettings } from './config.ts';
import { couponCheckRoutes, couponListRoutes, couponMakingRoutes } from './coupons/routes.ts';
import { COUPON_RESERVATIONS, COUPONS } from './coupons/store.ts';
import { sweepCouponReservations } from './coupons/sweep.ts';
import { DISPUTES } from './disputes/store.ts';
import { orderHistoryRoutes, paymentHistoryRoutes } from './history/routes.ts';
import { onPaymentSucceeded, onRefundProcessed } from './invoices/handlers.ts';
import invoiceRoutes from './invoices/routes.ts';
import { CREDIT_NOTES, INVOICES } from './invoices/store.ts';
import {
  dropOrderUnique,
  ensureOrderRows,
  ensurePaymentLists,
  ensurePurchases,
  PAYMENTS,
} from './payments/store.ts';
import { refundQueueRoutes, refundRequestRoutes } from './refunds/routes.ts';
import { sweepRefunds } from './refunds/sending.ts';
import { ensureLineRequests, REFUND_REQUESTS } from './refunds/store.ts';
import verificationRoutes from './verification/routes.ts';
import webhookRoutes from './webhook/routes.ts';

export const paymentsService: ServiceDefinition = {
  name: 'payments',
  openapi: {
    title: 'LiveEdu payments',
    description:
      'Razorpay checkout, payment verification (browser callback and webhook), order and payment history.',
  },
  settings: paymentsSettings,
  indexes: [PAYMENTS, CARTS, COUPONS, COUPON_RESERVATIONS, INVOICES, CREDIT_NOTES, REFUND_REQUESTS, DISPUTES],
  // A refund request's and a dispute's state changes carry their events, as a payment row's do.
  outboxCollections: [PAYMENTS.collection, REFUND_REQUESTS.collection, DISPUTES.collection],
  routes: [
    checkoutRoutes,
    cartRoutes,
    cartCheckoutRoutes,
    cartVerificationRoutes,
    couponMakingRoutes,
    couponListRoutes,
    couponCheckRoutes,
    verificationRoutes,
    webhookRoutes,
    orderHistoryRoutes,
    paymentHistoryRoutes,
    invoiceRoutes,
    refundRequestRoutes,
    refundQueueRoutes,
  ],
  // Its own events: every paid order gets its tax invoice, every refund its credit note.
  handlers: [onPaymentSucceeded, onRefundProcessed],
  async plugins(app) {
    sweepCouponReservations(app);
    // Approved refunds Razorpay was not reached for are asked again, every minute.
    sweepRefunds(app);
  },
  async onReady(app) {
    await dropOrderUnique(app.db, app.log);
    await ensurePaymentLists(app.db, app.log);
    await ensureOrderRows(app.db, app.log);
    await ensureLineRequests(app.db, app.log);
    await ensurePurchases(app.db, app.log);
  },
};
