export type { AnnouncementDoc } from './announcements/store.ts';
export { communityService } from './app.ts';
export type { AnswerDoc, QuestionDoc } from './posts/store.ts';
