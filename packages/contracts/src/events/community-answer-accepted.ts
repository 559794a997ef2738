import type { IntegrationEvent } from '../event.ts';
import type { AnswerNamed } from './community-answer-posted.ts';

export const COMMUNITY_ANSWER_ACCEPTED = 'community.answer.accepted';

/** The asker or the course's tutor marked an answer as the accepted one: its author hears of it. */
export interface CommunityAnswerAcceptedData extends AnswerNamed {
  answerAuthorId: string;
  acceptedBy: string;
  acceptedAt: string;
}

export type CommunityAnswerAccepted = IntegrationEvent<
  typeof COMMUNITY_ANSWER_ACCEPTED,
  CommunityAnswerAcceptedData
>;
