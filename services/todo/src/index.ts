export { todoService } from './app.ts';
export type { TodoDoc } from './todos/store.ts';
