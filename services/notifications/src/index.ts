export { notificationsService } from './app.ts';
