export { catalogService } from './app.ts';
