import { runService } from '@liveedu/service-kit';
import { earningsService } from './app.ts';

await runService(earningsService);
