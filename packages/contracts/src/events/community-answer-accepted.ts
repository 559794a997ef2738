import type { IntegrationEvent } from '../event.ts';

export const COMMUNITY_ANSWER_ACCEPTED = 'community.answer.accepted';

/** The asker or the course's tutor marked an answer as the accepted one: its author hears of it. */
export interface CommunityAnswerAcceptedData {
  answerId: string;
  questionId: string;
  questionTitle: string;
  courseId: string;
  itemId?: string;
  atSec?: number;
  answerAuthorId: string;
  acceptedBy: string;
  acceptedAt: string;
}

export type CommunityAnswerAccepted = IntegrationEvent<
  typeof COMMUNITY_ANSWER_ACCEPTED,
  CommunityAnswerAcceptedData
>;
