import type { ServiceDefinition } from '@liveedu/service-kit';
import { communitySettings } from './config.ts';

export const communityService: ServiceDefinition = {
  name: 'community',
  openapi: {
    title: 'LiveEdu community',
    description:
      'Lesson questions and answers pinned to the second of a video, reports, and course announcements.',
  },
  settings: communitySettings,
  indexes: [],
  outboxCollections: [],
  handlers: [],
  routes: [],
};
