import { type CatalogClient, catalogClient, type ServiceApp } from '@liveedu/service-kit';
import type Razorpay from 'razorpay';
import { type PaymentsConfig, paymentsConfig, paymentsSettings } from '../config.ts';
import { createRazorpayClient } from './razorpay-client.ts';

/** What the route plugins share: built once per service from its settings. */
export interface PaymentsDeps {
  config: PaymentsConfig;
  razorpay: Razorpay;
  /** The catalog's internal calls: a checkout's price and whether the buyer has the course. */
  catalog: CatalogClient;
}

const built = new WeakMap<object, PaymentsDeps>();

export function paymentsDeps(app: ServiceApp): PaymentsDeps {
  let deps = built.get(app.config);
  if (!deps) {
    const config = paymentsConfig(paymentsSettings.of(app));
    deps = {
      config,
      razorpay: createRazorpayClient(config),
      catalog: catalogClient('payments', {
        baseUrl: config.catalogUrl,
        internalSecret: app.config.internalSecret,
      }),
    };
    built.set(app.config, deps);
  }
  return deps;
}
