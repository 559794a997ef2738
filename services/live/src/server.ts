import { runService } from '@liveedu/service-kit';
import { liveService } from './app.ts';

await runService(liveService);
