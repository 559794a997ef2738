import type { IntegrationEvent } from '../event.ts';

export const COMMUNITY_ANSWER_POSTED = 'community.answer.posted';

/** The answer an event of the community is about, and the question it answers. */
export interface AnswerNamed {
  answerId: string;
  questionId: string;
  questionTitle: string;
  courseId: string;
  /** The item (lesson) the question is about, and the second of its video, when it names one. */
  itemId?: string;
  atSec?: number;
}

/**
 * An answer was posted to a question. `recipients` are the users to tell, decided when it was
 * posted: the asker and everyone following the question, never the answer's own author.
 */
export interface CommunityAnswerPostedData extends AnswerNamed {
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
