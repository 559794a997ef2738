import type { ServiceDefinition } from '@liveedu/service-kit';
import { attendanceRoutes, liveWebhookRoutes } from './attendance/routes.ts';
import { ATTENDEES } from './attendance/store.ts';
import { calendarRoutes } from './calendar/routes.ts';
import { FEEDS } from './calendar/store.ts';
import { liveConfig, liveSettings } from './config.ts';
import { onUserDeleted } from './deleted-users/handlers.ts';
import { liveRooms } from './joining/livekit.ts';
import { hostRoutes, joinRoutes } from './joining/routes.ts';
import { catalogMembers } from './members/catalog.ts';
import { REMINDERS } from './reminders/store.ts';
import { remindPeriodically } from './reminders/sweep.ts';
import {
  courseSessionRoutes,
  liveStatusRoutes,
  recordingRoutes,
  sessionChangingRoutes,
  sessionReadingRoutes,
} from './sessions/routes.ts';
import { SCHEDULES, SESSIONS } from './sessions/store.ts';
import { upcomingRoutes } from './upcoming/routes.ts';

export const liveService: ServiceDefinition = {
  name: 'live',
  openapi: {
    title: 'LiveEdu live classes',
    description:
      "A course's scheduled live classes on the LiveKit media server: join tokens, the host's removals, attendance, reminders and calendars.",
  },
  settings: liveSettings,
  indexes: [SESSIONS, SCHEDULES, REMINDERS, ATTENDEES, FEEDS],
  outboxCollections: [SESSIONS.collection],
  handlers: [onUserDeleted],
  decorate(app) {
    const config = liveConfig(liveSettings.of(app));
    app.decorate('liveCatalog', catalogMembers(config.catalogUrl, app.config.internalSecret));
    app.decorate('liveRooms', liveRooms(config.livekit));
    remindPeriodically(app);
  },
  routes: [
    upcomingRoutes,
    courseSessionRoutes,
    liveStatusRoutes,
    sessionReadingRoutes,
    sessionChangingRoutes,
    recordingRoutes,
    joinRoutes,
    hostRoutes,
    attendanceRoutes,
    liveWebhookRoutes,
    calendarRoutes,
  ],
};
