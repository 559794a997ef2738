import { runService } from '@liveedu/service-kit';
import { catalogService } from './app.ts';

await runService(catalogService);
