import type { ServiceDefinition } from '@liveedu/service-kit';
import { onUserDeleted } from './handlers/on-user-deleted.ts';
import todoRoutes, { TODOS } from './routes/todos/index.ts';

export const todoService: ServiceDefinition = {
  name: 'todo',
  openapi: { title: 'LiveEdu todo', description: "A learner's personal todo list (api2/v1)." },
  indexes: [{ collection: TODOS, indexes: [{ key: { userId: 1, createdAt: -1 }, name: 'by_user_newest' }] }],
  handlers: [onUserDeleted],
  routes: [todoRoutes],
};
