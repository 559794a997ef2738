import type { IntegrationEvent } from '../event.ts';

export const COMMUNITY_ANNOUNCEMENT_POSTED = 'community.announcement.posted';

/** A course's tutor announced something to the course's students (every enrolled student hears of it). */
export interface CommunityAnnouncementPostedData {
  announcementId: string;
  courseId: string;
  courseTitle: string;
  tutorId: string;
  title: string;
  postedAt: string;
}

export type CommunityAnnouncementPosted = IntegrationEvent<
  typeof COMMUNITY_ANNOUNCEMENT_POSTED,
  CommunityAnnouncementPostedData
>;
