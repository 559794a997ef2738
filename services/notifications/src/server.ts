import { runService } from '@liveedu/service-kit';
import { notificationsService } from './app.ts';

await runService(notificationsService);
