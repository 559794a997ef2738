export { catalogService } from './app.ts';
export { itemIdFor } from './domain/course.ts';
