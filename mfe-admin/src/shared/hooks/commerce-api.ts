import { createStaffCommerceClient, type StaffCommerceClient } from '@liveedu/api-client';
import { useApi } from '@liveedu/session';
import { useMemo } from 'react';

/** The admin's coupon and refund calls, over the session's address (kept out of the site's main client). */
export function useCommerceApi(): StaffCommerceClient {
  const { baseUrl } = useApi();
  return useMemo(() => createStaffCommerceClient({ baseUrl }), [baseUrl]);
}
