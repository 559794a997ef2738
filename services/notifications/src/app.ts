import type { ServiceDefinition } from '@liveedu/service-kit';
import { notificationsSettings } from './config.ts';

export const notificationsService: ServiceDefinition = {
  name: 'notifications',
  openapi: {
    title: 'LiveEdu notifications',
    description:
      "Each user's notifications from the platform's events, their live stream, and mail by preference.",
  },
  settings: notificationsSettings,
  indexes: [],
  handlers: [],
  routes: [],
};
