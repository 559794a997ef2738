import { createStaffCommerceClient, type StaffCommerceClient } from '@liveedu/api-client';
import { useClientOf } from '@liveedu/session';

/** The admin's coupon and refund calls, over the session's address (kept out of the site's main client). */
export function useCommerceApi(): StaffCommerceClient {
  return useClientOf(createStaffCommerceClient);
}
