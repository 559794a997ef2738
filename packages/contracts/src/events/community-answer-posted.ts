import type { IntegrationEvent } from '../event.ts';

export const COMMUNITY_ANSWER_POSTED = 'community.answer.posted';

/**
 * An answer was posted to a question. `recipients` are the users to tell, decided when it was
 * posted: the asker and everyone following the question, never the answer's own author.
 */
export interface CommunityAnswerPostedData {
  answerId: string;
  questionId: string;
  questionTitle: string;
  courseId: string;
  itemId?: string;
  atSec?: number;
  authorId: string;
  authorName: string;
  /** Written by the course's tutor. */
  byInstructor: boolean;
  recipients: string[];
  postedAt: string;
}

export type CommunityAnswerPosted = IntegrationEvent<
  typeof COMMUNITY_ANSWER_POSTED,
  CommunityAnswerPostedData
>;
