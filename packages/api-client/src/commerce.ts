import { type ApiClientOptions, apiCalls } from './client.ts';
import type { ApiPath, BodyOf, PaymentRecord, ResponseOf } from './types.ts';

/** The caller's cart priced now: its courses, the total and what it costs with the coupon asked about (rupees). */
export type Cart = ResponseOf<'/api/v1/cart', 'get'>;
export type CartItem = Cart['items'][number];
/** What a course costs with a coupon code: `discounted` is the price when the code is not `valid`. */
export type CouponCheck = ResponseOf<'/api/v1/coupons/check', 'get'>;
export type CartCheckoutBody = NonNullable<BodyOf<'/api/v1/cart/checkout', 'post'>>;
/** The cart's Razorpay order (`data.amount` in paise), or `paid: true` when a coupon took the whole price. */
export type CartCheckoutResponse = ResponseOf<'/api/v1/cart/checkout', 'post'>;
/** A student's refund request and where it stands. */
export type RefundRequest = ResponseOf<'/api/v1/refund-requests', 'post'>;
export type RefundRequestBody = BodyOf<'/api/v1/refund-requests', 'post'>;
/** A paid order line's refund: the rule, the student's standing with it, and the latest request. */
export type RefundStanding = NonNullable<PaymentRecord['refund']>;

const auth = { auth: true } as const;

/**
 * The buyer's commerce calls: checking a coupon, the cart and its checkout, refund requests and
 * the PDFs of tax invoices and credit notes. Apart from the main client, so only the pages that
 * sell or list purchases carry them; the cart itself is read with the main client's `cart`, which
 * the header's count uses too.
 */
export function createCommerceClient(options: ApiClientOptions) {
  const { get, post, put, getFile, url } = apiCalls(options);
  return {
    /** Public: sent with the session when there is one, so the buyer's own uses of the code count. */
    checkCoupon: (code: string, courseId: string, signal?: AbortSignal) =>
      get('/api/v1/coupons/check', {
        ...auth,
        query: `?${new URLSearchParams({ code, courseId })}`,
        signal,
      }),
    /** Replaces the cart; a course that cannot be bought is a 400 naming it, and the cart stays as it was. */
    saveCart: (courseIds: string[], couponCode?: string) =>
      put('/api/v1/cart', { ...auth, body: { courseIds, ...(couponCode ? { couponCode } : {}) } }),
    /** One Razorpay order for the whole cart at its current prices, less the coupon. */
    checkoutCart: (body: CartCheckoutBody) => post('/api/v1/cart/checkout', { ...auth, body }),
    /** The address Razorpay sends the browser back to once the cart's payment completes. */
    cartVerificationUrl: (orderId: string) =>
      url('/api/v1/cartVerification/{orderId}' satisfies ApiPath, { orderId }),
    /** 201 with the request: approved at once within the rule, else pending for the admin. */
    requestRefund: (body: RefundRequestBody) => post('/api/v1/refund-requests', { ...auth, body }),
    refundRequests: (signal?: AbortSignal, page = 1) =>
      get('/api/v1/refund-requests', { ...auth, query: page > 1 ? `?page=${page}` : '', signal }),
    /** The order's tax invoice as a PDF file. */
    invoicePdf: (orderId: string) =>
      getFile('/api/v1/orders/{orderId}/invoice.pdf', { ...auth, params: { orderId } }),
    /** The credit note of one course's refund as a PDF file. */
    creditNotePdf: (orderId: string, courseId: string) =>
      getFile('/api/v1/orders/{orderId}/credit-note.pdf', {
        ...auth,
        params: { orderId },
        query: `?${new URLSearchParams({ courseId })}`,
      }),
  };
}

export type CommerceClient = ReturnType<typeof createCommerceClient>;
