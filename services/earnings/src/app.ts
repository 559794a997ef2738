import type { ServiceDefinition } from '@liveedu/service-kit';
import { BANK_DETAILS, earningsIndexes, WITHDRAWALS } from './collections.ts';
import { onPaymentSucceeded } from './handlers/on-payment-succeeded.ts';
import { onUserDeleted } from './handlers/on-user-deleted.ts';
import { onUserRegistered } from './handlers/on-user-registered.ts';
import { onUserUpdated } from './handlers/on-user-updated.ts';
import bankDetailsRoutes from './routes/bank-details/index.ts';
import incomeRoutes from './routes/income/index.ts';
import revenueRoutes from './routes/revenue/index.ts';
import withdrawalRoutes from './routes/withdrawals/index.ts';
import { earningsSettings } from './step-up.ts';

export const earningsService: ServiceDefinition = {
  name: 'earnings',
  openapi: {
    title: 'LiveEdu earnings',
    description: "Tutors' earnings and withdrawals; the platform's revenue and profit.",
  },
  settings: earningsSettings,
  indexes: earningsIndexes,
  outboxCollections: [WITHDRAWALS, BANK_DETAILS],
  handlers: [onPaymentSucceeded, onUserRegistered, onUserUpdated, onUserDeleted],
  routes: [incomeRoutes, bankDetailsRoutes, withdrawalRoutes, revenueRoutes],
};
