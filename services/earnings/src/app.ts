import type { ServiceDefinition } from '@liveedu/service-kit';
import bankDetailsRoutes from './bank-details/routes.ts';
import { BANK_DETAILS } from './bank-details/store.ts';
import { earningsSettings } from './config.ts';
import { onDisputeClosed, onDisputeCreated } from './disputes/handlers.ts';
import { DISPUTES } from './disputes/store.ts';
import incomeRoutes from './income/routes.ts';
import { onPaymentSucceeded, onRefundProcessed } from './ledger/handlers.ts';
import { dropLegacyPaymentIndex, ensureLedgerLists, LEDGER } from './ledger/store.ts';
import revenueRoutes from './revenue/routes.ts';
import { onUserDeleted, onUserRegistered, onUserUpdated } from './tutors/handlers.ts';
import { withdrawalAdminRoutes, withdrawalRoutes } from './withdrawals/routes.ts';
import { WITHDRAWALS } from './withdrawals/store.ts';

export const earningsService: ServiceDefinition = {
  name: 'earnings',
  openapi: {
    title: 'LiveEdu earnings',
    description: "Tutors' earnings and withdrawals; the platform's revenue and profit.",
  },
  settings: earningsSettings,
  indexes: [LEDGER, WITHDRAWALS, DISPUTES],
  outboxCollections: [WITHDRAWALS.collection, BANK_DETAILS.collection],
  handlers: [
    onPaymentSucceeded,
    onRefundProcessed,
    onDisputeCreated,
    onDisputeClosed,
    onUserRegistered,
    onUserUpdated,
    onUserDeleted,
  ],
  routes: [incomeRoutes, bankDetailsRoutes, withdrawalRoutes, withdrawalAdminRoutes, revenueRoutes],
  async onReady(app) {
    await dropLegacyPaymentIndex(app.db, app.log);
    await ensureLedgerLists(app.db, app.log);
  },
};
