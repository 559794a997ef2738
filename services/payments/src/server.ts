import { runService } from '@liveedu/service-kit';
import { paymentsService } from './app.ts';

await runService(paymentsService);
