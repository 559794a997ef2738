import { createStaffCommunityClient, type StaffCommunityClient } from '@liveedu/api-client';
import { useApi } from '@liveedu/session';
import { useMemo } from 'react';

/** The admin's moderation calls, over the session's address (kept out of the site's main client). */
export function useCommunityApi(): StaffCommunityClient {
  const { baseUrl } = useApi();
  return useMemo(() => createStaffCommunityClient({ baseUrl }), [baseUrl]);
}
