import { runService } from '@liveedu/service-kit';
import { identityService } from './app.ts';

await runService(identityService);
