import { createStaffCommerceClient, type StaffCommerceClient } from '@liveedu/api-client';
import { useClientOf } from '@liveedu/session';

/** The coupon calls, over the session's address and credentials (kept out of the site's main client). */
export function useCommerceApi(): StaffCommerceClient {
  return useClientOf(createStaffCommerceClient);
}
