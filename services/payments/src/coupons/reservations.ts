import { isDuplicateKey } from '@liveedu/service-kit';
import { type Db, ObjectId } from 'mongodb';
import { PAYMENTS, rowsOfOrder } from '../payments/store.ts';
import {
  appliesTo,
  availability,
  buyerRefusal,
  COUPON_REFUSALS,
  discountedPaise,
  normalCode,
  RESERVATION_MS,
  usedUp,
} from './domain.ts';
import {
  buyerKey,
  buyerUses,
  COUPON_BUYERS,
  COUPON_RESERVATIONS,
  COUPONS,
  type CouponDoc,
  type CouponReservationDoc,
  couponByCode,
  couponById,
} from './store.ts';

/**
 * Using a coupon at a checkout, for the one-course checkout and the cart alike: price the lines
 * with a code, reserve one use for the order, and redeem it once the order is paid or release it
 * when the payment fails or the order expires unpaid.
 *
 * An order's key names its reservation: the payment row's id for a one-course checkout; a cart
 * keys its order its own way (the sweep below treats an order as paid when a paid payment row
 * has the key as its id or its Razorpay order id).
 */

export interface CouponLine {
  courseId: string;
  tutorId: string;
  pricePaise: number;
}

export interface PricedLine extends CouponLine {
  payablePaise: number;
  couponApplies: boolean;
}

type Refused = { ok: false; message: string };
const refused = (message: string): Refused => ({ ok: false, message });

type Priced = { ok: true; couponId: string; code: string; lines: PricedLine[] };

/**
 * Prices lines with a code (upper-cased, trimmed): which lines it applies to and what each costs.
 * An amount off is taken off each line it applies to, up to that line's price. A coupon whose uses
 * (or this buyer's) are all held is judged again after expired reservations are released.
 */
export async function priceWithCoupon(
  db: Db,
  code: string,
  lines: CouponLine[],
  buyerId: string,
  now: Date,
): Promise<Priced | Refused> {
  const priced = await priceByTerms(db, code, lines, now);
  if (!priced.ok) return priced;
  const { couponId } = priced;
  let coupon = await couponById(db, couponId);
  if (coupon && usedUp(coupon)) {
    await releaseExpired(db, { couponId }, now);
    coupon = await couponById(db, couponId);
  }
  if (!coupon || usedUp(coupon)) return refused(COUPON_REFUSALS.usedUp);
  if (buyerRefusal(coupon, await buyerUses(db, couponId, buyerId))) {
    await releaseExpired(db, { couponId, buyerId }, now);
    const again = buyerRefusal(coupon, await buyerUses(db, couponId, buyerId));
    if (again) return refused(again);
  }
  return priced;
}

/**
 * Prices lines by the coupon's terms alone (its state, window and courses), not by the uses held:
 * those are judged by `reserveCoupon`, which a one-course checkout calls only once it knows the
 * order is not a repeat of one placed a moment ago (a double click, holding its use already).
 */
export async function priceByTerms(
  db: Db,
  code: string,
  lines: CouponLine[],
  now: Date,
): Promise<Priced | Refused> {
  const normal = normalCode(code);
  const coupon = normal ? await couponByCode(db, normal) : null;
  if (!coupon) return refused(COUPON_REFUSALS.unknown);
  const own = availability(coupon, now);
  if (own) return refused(own);
  const applies = lines.map((line) => appliesTo(coupon, line));
  if (!applies.some(Boolean)) {
    return refused(lines.length === 1 ? COUPON_REFUSALS.wrongCourse : COUPON_REFUSALS.wrongCourses);
  }
  return {
    ok: true,
    couponId: coupon._id.toHexString(),
    code: coupon.code,
    lines: lines.map((line, i) => ({
      ...line,
      couponApplies: applies[i] === true,
      payablePaise: applies[i] ? discountedPaise(line.pricePaise, coupon) : line.pricePaise,
    })),
  };
}

/**
 * Reserves one use of the coupon for this order (one use per order, however many lines): one
 * guarded `$inc` on the coupon (`used < maxUses`) and one on the buyer's counter
 * (`count < perUser`, made by the first), the first undone when the second is refused. Any number
 * of simultaneous checkouts therefore never hold more uses than either allows.
 */
export async function reserveCoupon(
  db: Db,
  couponId: string,
  buyerId: string,
  orderKey: string,
  now: Date,
): Promise<{ ok: true } | Refused> {
  const coupon = await couponById(db, couponId);
  if (!coupon) return refused(COUPON_REFUSALS.unknown);
  const own = availability(coupon, now);
  if (own) return refused(own);
  const reservations = COUPON_RESERVATIONS.in(db);
  try {
    // First, so that a crash between here and the counters leaves a reservation the sweep
    // releases once it expires, never a use held by nothing.
    await reservations.insertOne({
      _id: orderKey,
      couponId,
      buyerId,
      state: 'reserved',
      settled: false,
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESERVATION_MS),
      changedAt: now,
    });
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    const existing = await reservations.findOne({ _id: orderKey });
    const holding =
      existing !== null &&
      existing.couponId === couponId &&
      existing.buyerId === buyerId &&
      existing.state !== 'released';
    return holding ? { ok: true } : refused('This order already has a coupon');
  }
  const refusal =
    (await takeUse(db, coupon, orderKey, now)) ?? (await takeBuyerUse(db, coupon, buyerId, orderKey, now));
  if (refusal) {
    await giveBack(db, couponId, buyerId, orderKey);
    await reservations.deleteOne({ _id: orderKey, state: 'reserved' });
    return refused(refusal);
  }
  return { ok: true };
}

/** The order was paid: its use is kept for good. Any number of calls redeem once. */
export async function redeemCoupon(db: Db, orderKey: string): Promise<void> {
  const reservations = COUPON_RESERVATIONS.in(db);
  const changedAt = new Date();
  const redeemed =
    (await reservations.findOneAndUpdate(
      { _id: orderKey, state: 'reserved' },
      { $set: { state: 'redeemed', settled: false, changedAt } },
      { returnDocument: 'after' },
    )) ??
    // Paid after all once released (a retry of a failed payment, a payment after the order's
    // half hour): the buyer paid the coupon's price, so the use is counted again.
    (await reservations.findOneAndUpdate(
      { _id: orderKey, state: 'released' },
      { $set: { state: 'redeemed', late: true, settled: false, changedAt } },
      { returnDocument: 'after' },
    ));
  if (redeemed) await settle(db, redeemed);
}

/** The order's payment failed or it expired unpaid: its use is given back. Any number of calls release once. */
export async function releaseCoupon(db: Db, orderKey: string): Promise<void> {
  const released = await COUPON_RESERVATIONS.in(db).findOneAndUpdate(
    { _id: orderKey, state: 'reserved' },
    { $set: { state: 'released', settled: false, changedAt: new Date() } },
    { returnDocument: 'after' },
  );
  if (released) await settle(db, released);
}

/**
 * Ends the reservations expired by `now` (of one coupon, or one buyer's of it, or all): an order
 * paid meanwhile keeps its use (its redemption was interrupted), any other gives it back.
 */
export async function releaseExpired(
  db: Db,
  of: { couponId?: string; buyerId?: string },
  now: Date,
  batch = 200,
): Promise<number> {
  const expired = await COUPON_RESERVATIONS.in(db)
    .find({ state: 'reserved', expiresAt: { $lte: now }, ...of })
    .limit(batch)
    .toArray();
  for (const reservation of expired) {
    if (await orderPaid(db, reservation._id)) await redeemCoupon(db, reservation._id);
    else await releaseCoupon(db, reservation._id);
  }
  return expired.length;
}

/** How long after a transition its counters must have followed it; later, a sweep finishes them. */
const SETTLE_WITHIN_MS = 60_000;

/** Finishes the transitions whose counters a crash left behind (each step is safe to repeat). */
export async function settleInterrupted(db: Db, now: Date, batch = 200): Promise<number> {
  const behind = await COUPON_RESERVATIONS.in(db)
    .find({
      settled: false,
      state: { $in: ['redeemed', 'released'] },
      changedAt: { $lt: new Date(now.getTime() - SETTLE_WITHIN_MS) },
    })
    .limit(batch)
    .toArray();
  for (const reservation of behind) await settle(db, reservation);
  return behind.length;
}

/** One use of the coupon for the key, unless every use is held (expired holds are released first). */
async function takeUse(db: Db, coupon: CouponDoc, orderKey: string, now: Date): Promise<string | null> {
  const filter = {
    _id: coupon._id,
    active: true,
    held: { $ne: orderKey },
    // The limit as read: it never changes once the coupon is made.
    ...(typeof coupon.maxUses === 'number' ? { used: { $lt: coupon.maxUses } } : {}),
  };
  const take = async () =>
    (await COUPONS.in(db).updateOne(filter, { $inc: { used: 1 }, $push: { held: orderKey } }))
      .modifiedCount === 1;
  if (await take()) return null;
  if ((await releaseExpired(db, { couponId: coupon._id.toHexString() }, now)) > 0 && (await take()))
    return null;
  const current = await COUPONS.in(db).findOne({ _id: coupon._id });
  return current?.active ? COUPON_REFUSALS.usedUp : COUPON_REFUSALS.inactive;
}

/** One use of the buyer's allowance for the key, unless all are held (expired holds are released first). */
async function takeBuyerUse(
  db: Db,
  coupon: CouponDoc,
  buyerId: string,
  orderKey: string,
  now: Date,
): Promise<string | null> {
  const couponId = coupon._id.toHexString();
  const buyers = COUPON_BUYERS.in(db);
  const filter = {
    _id: buyerKey(couponId, buyerId),
    count: { $lt: coupon.perUser },
    held: { $ne: orderKey },
  };
  const update = { $inc: { count: 1 }, $push: { held: orderKey }, $setOnInsert: { couponId, buyerId } };
  const take = async () => {
    try {
      const done = await buyers.updateOne(filter, update, { upsert: true });
      return done.modifiedCount === 1 || done.upsertedCount === 1;
    } catch (error) {
      // The counter exists (made by a simultaneous first use, or full): count on it if it has room.
      if (!isDuplicateKey(error)) throw error;
      return (await buyers.updateOne(filter, update)).modifiedCount === 1;
    }
  };
  if (await take()) return null;
  if ((await releaseExpired(db, { couponId, buyerId }, now)) > 0 && (await take())) return null;
  return COUPON_REFUSALS.perUser;
}

/** Gives back the key's use on both counters, where the key holds one (so at most once). */
async function giveBack(db: Db, couponId: string, buyerId: string, orderKey: string): Promise<void> {
  await COUPONS.in(db).updateOne(
    { _id: new ObjectId(couponId), held: orderKey },
    { $pull: { held: orderKey }, $inc: { used: -1 } },
  );
  await COUPON_BUYERS.in(db).updateOne(
    { _id: buyerKey(couponId, buyerId), held: orderKey },
    { $pull: { held: orderKey }, $inc: { count: -1 } },
  );
}

/**
 * Makes the counters follow a reservation's state: a release gives its use back, a redemption
 * keeps it (the key stops being held), a late redemption counts it again. Every step is keyed on
 * the order's key being (or not being) in the counter's lists, so repeating it changes nothing.
 */
async function settle(db: Db, reservation: CouponReservationDoc): Promise<void> {
  const { _id: orderKey, couponId, buyerId } = reservation;
  const coupon = { _id: new ObjectId(couponId) };
  const buyer = { _id: buyerKey(couponId, buyerId) };
  if (reservation.state === 'released' || reservation.late) await giveBack(db, couponId, buyerId, orderKey);
  if (reservation.state === 'redeemed' && reservation.late) {
    await COUPONS.in(db).updateOne(
      { ...coupon, recounted: { $ne: orderKey } },
      { $inc: { used: 1 }, $push: { recounted: orderKey } },
    );
    await COUPON_BUYERS.in(db).updateOne(
      { ...buyer, recounted: { $ne: orderKey } },
      { $inc: { count: 1 }, $push: { recounted: orderKey } },
    );
  } else if (reservation.state === 'redeemed') {
    await COUPONS.in(db).updateOne({ ...coupon, held: orderKey }, { $pull: { held: orderKey } });
    await COUPON_BUYERS.in(db).updateOne({ ...buyer, held: orderKey }, { $pull: { held: orderKey } });
  }
  await COUPON_RESERVATIONS.in(db).updateOne(
    { _id: orderKey, state: reservation.state, settled: false },
    { $set: { settled: true } },
  );
}

/**
 * Whether the order of this key was paid: its row of that id is paid, or (a key from before
 * orders were keyed by their least row id) a row of the order of that id is.
 */
async function orderPaid(db: Db, orderKey: string): Promise<boolean> {
  if (/^[0-9a-f]{24}$/.test(orderKey)) {
    const paid = await PAYMENTS.in(db).findOne(
      { _id: new ObjectId(orderKey), success: true },
      { projection: { _id: 1 } },
    );
    if (paid) return true;
  }
  return (await rowsOfOrder(db, orderKey)).some((row) => row.success);
}
