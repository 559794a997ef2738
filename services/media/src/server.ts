import { runService } from '@liveedu/service-kit';
import { mediaService } from './app.ts';

await runService(mediaService);
