import { type CatalogClient, catalogClient, loadOnce, type ServiceApp } from '@liveedu/service-kit';
import type Razorpay from 'razorpay';
import { type PaymentsConfig, paymentsConfig, paymentsSettings } from '../config.ts';
import { createRazorpayClient } from './razorpay-client.ts';

/** What the route plugins share: built once per service from its settings. */
export interface PaymentsDeps {
  config: PaymentsConfig;
  /** The Razorpay SDK's client, made on first use. */
  razorpay: () => Promise<Razorpay>;
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
      razorpay: loadOnce(() => createRazorpayClient(config)),
      catalog: catalogClient('payments', {
        baseUrl: config.catalogUrl,
        internalSecret: app.config.internalSecret,
      }),
    };
    built.set(app.config, deps);
  }
  return deps;
}
