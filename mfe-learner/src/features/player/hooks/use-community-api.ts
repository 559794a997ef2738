import { type CommunityClient, createCommunityClient } from '@liveedu/api-client';
import { useClientOf } from '@liveedu/session';

/** The community calls (questions, answers, announcements), over the session's address and credentials. */
export function useCommunityApi(): CommunityClient {
  return useClientOf(createCommunityClient);
}
