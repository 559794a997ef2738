import type { IntegrationEvent } from '../event.ts';

export const COMMUNITY_QUESTION_ASKED = 'community.question.asked';

/** A student asked a question in a course: the course's tutor hears of it. */
export interface CommunityQuestionAskedData {
  questionId: string;
  courseId: string;
  courseTitle: string;
  tutorId: string;
  askerId: string;
  askerName: string;
  title: string;
  /** The item (lesson) the question is about, and the second of its video, when it names one. */
  itemId?: string;
  atSec?: number;
  askedAt: string;
}

export type CommunityQuestionAsked = IntegrationEvent<
  typeof COMMUNITY_QUESTION_ASKED,
  CommunityQuestionAskedData
>;
