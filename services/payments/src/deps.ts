import type Razorpay from 'razorpay';
import type { CatalogClient } from './catalog-client.ts';
import type { PaymentsConfig } from './config.ts';

/** What the route plugins share, built once in `app.ts`. */
export interface PaymentsDeps {
  config: PaymentsConfig;
  razorpay: Razorpay;
  catalog: CatalogClient;
}
