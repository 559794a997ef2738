import type { ServiceDefinition } from '@liveedu/service-kit';
import { paymentsSettings } from './config.ts';
import { ensurePaymentLists, ensurePurchases, PAYMENTS, paymentIndexes } from './payments.ts';
import checkoutRoutes from './routes/checkout/index.ts';
import historyRoutes from './routes/history/index.ts';
import verificationRoutes from './routes/verification/index.ts';
import webhookRoutes from './routes/webhook/index.ts';

export const paymentsService: ServiceDefinition = {
  name: 'payments',
  openapi: {
    title: 'LiveEdu payments',
    description:
      'Razorpay checkout, payment verification (browser callback and webhook), order and payment history.',
  },
  settings: paymentsSettings,
  indexes: paymentIndexes,
  outboxCollections: [PAYMENTS],
  routes: [checkoutRoutes, verificationRoutes, webhookRoutes, historyRoutes],
  async onReady(app) {
    await ensurePaymentLists(app.db, app.log);
    await ensurePurchases(app.db, app.log);
  },
};
