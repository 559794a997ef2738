import { createStaffCommunityClient, type StaffCommunityClient } from '@liveedu/api-client';
import { useClientOf } from '@liveedu/session';

/** The tutor's community calls (questions inbox, answers, announcements), over the session's address. */
export function useCommunityApi(): StaffCommunityClient {
  return useClientOf(createStaffCommunityClient);
}
