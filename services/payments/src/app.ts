import type { ServiceDefinition } from '@liveedu/service-kit';
import { createCatalogClient } from './catalog-client.ts';
import { paymentsConfig, paymentsSettings } from './config.ts';
import { ensurePaymentLists, ensurePurchases, PAYMENTS, paymentIndexes } from './payments.ts';
import { createRazorpayClient } from './razorpay-client.ts';
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
  async routes(app) {
    const config = paymentsConfig(paymentsSettings.of(app));
    const deps = {
      config,
      razorpay: createRazorpayClient(config),
      catalog: createCatalogClient(config.catalogUrl),
    };
    await app.register(checkoutRoutes, deps);
    await app.register(verificationRoutes, deps);
    await app.register(webhookRoutes, deps);
    await app.register(historyRoutes);
  },
  async onReady(app) {
    await ensurePaymentLists(app.db, app.log);
    await ensurePurchases(app.db, app.log);
  },
};
