export { earningsService } from './app.ts';
