import type { ServiceDefinition } from '@liveedu/service-kit';
import checkoutRoutes from './checkout/routes.ts';
import { paymentsSettings } from './config.ts';
import { orderHistoryRoutes, paymentHistoryRoutes } from './history/routes.ts';
import { dropOrderUnique, ensurePaymentLists, ensurePurchases, PAYMENTS } from './payments/store.ts';
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
  indexes: [PAYMENTS],
  outboxCollections: [PAYMENTS.collection],
  routes: [checkoutRoutes, verificationRoutes, webhookRoutes, orderHistoryRoutes, paymentHistoryRoutes],
  async onReady(app) {
    await dropOrderUnique(app.db, app.log);
    await ensurePaymentLists(app.db, app.log);
    await ensurePurchases(app.db, app.log);
  },
};
