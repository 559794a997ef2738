export { liveService } from './app.ts';
export type { AttendeeDoc } from './attendance/store.ts';
export type { FeedDoc } from './calendar/store.ts';
export { type ReminderDoc, sendDueReminders } from './reminders/store.ts';
export type { ScheduleDoc, SessionDoc } from './sessions/store.ts';
