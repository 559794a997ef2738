import { createStaffCommerceClient, type StaffCommerceClient } from '@liveedu/api-client';
import { useApi } from '@liveedu/session';
import { useMemo } from 'react';

/** The coupon calls, over the session's address and credentials (kept out of the site's main client). */
export function useCommerceApi(): StaffCommerceClient {
  const { baseUrl } = useApi();
  return useMemo(() => createStaffCommerceClient({ baseUrl }), [baseUrl]);
}
