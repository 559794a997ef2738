import { runService } from '@liveedu/service-kit';
import { communityService } from './app.ts';

await runService(communityService);
