import type { CallerIdentity } from '@liveedu/contracts';
import { badRequest } from '@liveedu/service-kit';
import { type OrderOf, type OrderPlace, type PlacedOrder, placeLines } from '../checkout/orders.ts';
import { CART_MESSAGES, type CartLine, cartOrderNotes, cartSlot } from './domain.ts';
import type { PricedCart } from './pricing.ts';
import { dropFromCart } from './store.ts';

/** What a cart's checkout answers: the order (as a one-course checkout's) and the courses it is for. */
export type CartOrder = PlacedOrder & { courseIds: string[] };

/** The order of a priced cart: a line per course, the coupon's use reserved once for the whole order. */
export function cartOrder(buyerId: string, cart: PricedCart, billingState?: string): OrderOf {
  const courseIds = cart.lines.map((line) => line.courseId);
  const { use } = cart;
  return {
    slot: cartSlot(courseIds, use?.code),
    lines: cart.lines.map((line: CartLine) => ({
      course: { _id: line.courseId, title: line.title, tutorId: line.tutorId, pricePaise: line.pricePaise },
      terms: {
        listPricePaise: line.pricePaise,
        amountPaise: line.payablePaise,
        ...(use && line.couponApplies ? { coupon: use } : {}),
        ...(billingState ? { billingState } : {}),
      },
    })),
    ...(use ? { coupon: use } : {}),
    notes: cartOrderNotes(buyerId, courseIds),
    cart: true,
    busy: 'A payment for this cart is already being started, please try again',
  };
}

/**
 * Checks the cart out: one Razorpay order for what its courses cost now (repriced from the catalog,
 * never the client), one unpaid row per course written before the answer. An empty cart, or a
 * coupon that cannot be used, is a 400. With nothing to pay the courses are bought at once and
 * leave the cart.
 */
export async function checkOutCart(
  place: OrderPlace,
  buyer: CallerIdentity,
  cart: PricedCart,
  billingState?: string,
): Promise<CartOrder> {
  if (cart.lines.length === 0) throw badRequest(CART_MESSAGES.empty);
  if (cart.coupon && !cart.coupon.valid) throw badRequest(cart.coupon.message);
  const order = cartOrder(buyer.userId, cart, billingState);
  const placed = await placeLines(place, buyer, order);
  const courseIds = order.lines.map((line) => line.course._id);
  if (placed.paid) await dropFromCart(place.db, buyer.userId, courseIds);
  return { ...placed, courseIds };
}
