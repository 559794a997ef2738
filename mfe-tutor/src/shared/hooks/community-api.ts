import { createStaffCommunityClient, type StaffCommunityClient } from '@liveedu/api-client';
import { useApi } from '@liveedu/session';
import { useMemo } from 'react';

/** The tutor's community calls (questions inbox, answers, announcements), over the session's address. */
export function useCommunityApi(): StaffCommunityClient {
  const { baseUrl } = useApi();
  return useMemo(() => createStaffCommunityClient({ baseUrl }), [baseUrl]);
}
