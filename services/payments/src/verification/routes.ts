import { type ServiceApp, Type } from '@liveedu/service-kit';
import { redeemCoupon } from '../coupons/reservations.ts';
import { rowsOfOrder } from '../payments/store.ts';
import { serveCallback } from './callback.ts';
import { addressAgrees, type VerificationPath } from './domain.ts';

const Segment = Type.String({ minLength: 1, maxLength: 64 });
const Params = Type.Object({
  orderId: Segment,
  courseId: Segment,
  userId: Segment,
  teacherId: Segment,
  amount: Segment,
});

/** The one-course checkout's `callback_url`: the address names the order and what it is for. */
export default async function verificationRoutes(app: ServiceApp): Promise<void> {
  const route = {
    path: '/api/v1/paymentVerification/:orderId/:courseId/:userId/:teacherId/:amount',
    params: Params,
    summary: 'Razorpay checkout callback: verify the payment and redirect to the result page',
  };
  serveCallback<VerificationPath>(app, route, {
    // A one-course order: one row, not a cart's line (a cart has its own callback).
    rowsOf: async (path) => (await rowsOfOrder(app.db, path.orderId)).filter((row) => !row.cart),
    agrees: (path, rows) => rows.length === 1 && rows.every((row) => addressAgrees(path, row)),
    // The order is paid: its coupon's use is kept for good (once, however many proofs arrive).
    paid: async (rows) => {
      for (const row of rows) if (row.couponId) await redeemCoupon(app.db, row._id.toHexString());
    },
  });
}
