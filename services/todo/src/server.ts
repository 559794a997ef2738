import { runService } from '@liveedu/service-kit';
import { todoService } from './app.ts';

await runService(todoService);
