import type { ServiceDefinition } from '@liveedu/service-kit';
import { onUserDeleted } from './todos/handlers.ts';
import todoRoutes from './todos/routes.ts';
import { TODOS } from './todos/store.ts';

export const todoService: ServiceDefinition = {
  name: 'todo',
  openapi: { title: 'LiveEdu todo', description: "A learner's personal todo list (api2/v1)." },
  indexes: [TODOS],
  handlers: [onUserDeleted],
  routes: [todoRoutes],
};
