import type { Coupon, CouponBody, StaffCommerceClient } from '@liveedu/api-client';
import { useApiMutation, usePagedQuery } from '@liveedu/query';

/**
 * The coupons of a staff page under `key` (a tutor's own, or every one for the admin), newest
 * first, a page at a time, with making one and turning one on or off: both read the list again.
 */
export function useStaffCoupons(commerce: StaffCommerceClient, key: readonly string[]) {
  const coupons = usePagedQuery(key, (page, signal) =>
    commerce.coupons({ page }, signal).then((r) => ({ items: r.data, total: r.total, pages: r.pages })),
  );
  const create = useApiMutation((body: CouponBody) => commerce.createCoupon(body), { invalidates: [key] });
  const toggle = useApiMutation(
    ({ coupon, active }: { coupon: Coupon; active: boolean }) => commerce.setCouponActive(coupon._id, active),
    { invalidates: [key] },
  );
  return {
    coupons,
    create: create.mutateAsync,
    setActive: (coupon: Coupon, active: boolean) => toggle.mutateAsync({ coupon, active }),
  };
}
