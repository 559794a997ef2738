export { todoService } from './app.ts';
