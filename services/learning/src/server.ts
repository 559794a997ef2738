import { runService } from '@liveedu/service-kit';
import { learningService } from './app.ts';

await runService(learningService);
