import { type ApiClientOptions, apiCalls } from './client.ts';
import type { BodyOf, QueryOf, ResponseOf } from './types.ts';
import { queryOf } from './untyped-calls.ts';

/** A coupon as its maker (a tutor, or the admin) sees it: money in rupees, instants as ISO strings. */
export type Coupon = ResponseOf<'/api/v1/coupons', 'get'>['data'][number];
/** What making a coupon sends: `percentOff` or `amountOff` (rupees), `courseId: null` for all courses. */
export type CouponBody = BodyOf<'/api/v1/coupons', 'post'>;
/** A refund request as the admin's queue lists it, with the student who asked. */
export type AdminRefundRequest = ResponseOf<'/api/v1/admin/refund-requests', 'get'>['data'][number];
export type RefundStatus = AdminRefundRequest['status'];
export type RefundDecision = BodyOf<'/api/v1/admin/refund-requests/{requestId}', 'put'>;
/** The tutor's balance: what can be withdrawn now, and what is held back (in the payout hold, or disputed). */
export type AvailableBalance = ResponseOf<'/api/v1/get-available-balance', 'get'>;

const auth = { auth: true } as const;

/**
 * The commerce calls of the people who sell and run the marketplace: coupons (a tutor's own, the
 * admin's of everyone) and the admin's refund queue. Apart from the main client, so only the tutor's
 * and the admin's pages carry them.
 */
export function createStaffCommerceClient(options: ApiClientOptions) {
  const { get, post, put } = apiCalls(options);
  return {
    /** The caller's coupons (the admin's: everyone's), newest first, a page at a time. */
    coupons: (
      filter: { page?: number } & Pick<QueryOf<'/api/v1/coupons', 'get'>, 'courseId'> = {},
      signal?: AbortSignal,
    ) => get('/api/v1/coupons', { ...auth, query: queryOf(filter), signal }),
    /** 201 with the coupon; 400 with why the terms are refused, 409 for a code taken already. */
    createCoupon: (body: CouponBody) => post('/api/v1/coupons', { ...auth, body }),
    /** Switches a coupon on or off; someone else's is 404. */
    setCouponActive: (couponId: string, active: boolean) =>
      put('/api/v1/coupons/{couponId}', { ...auth, params: { couponId }, body: { active } }),
    /** Refund requests, newest first; `status` keeps those in one state. */
    refundRequests: (filter: { status?: RefundStatus; page?: number } = {}, signal?: AbortSignal) =>
      get('/api/v1/admin/refund-requests', { ...auth, query: queryOf(filter), signal }),
    /** Approves (Razorpay refunds it) or rejects a pending request; one decided already is 409. */
    decideRefundRequest: (requestId: string, body: RefundDecision) =>
      put('/api/v1/admin/refund-requests/{requestId}', { ...auth, params: { requestId }, body }),
  };
}

export type StaffCommerceClient = ReturnType<typeof createStaffCommerceClient>;
