import { createStaffCommunityClient, type StaffCommunityClient } from '@liveedu/api-client';
import { useClientOf } from '@liveedu/session';

/** The admin's moderation calls, over the session's address (kept out of the site's main client). */
export function useCommunityApi(): StaffCommunityClient {
  return useClientOf(createStaffCommunityClient);
}
