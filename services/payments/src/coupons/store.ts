import { isDuplicateKey, type PageRequest, paging, storedCollection } from '@liveedu/service-kit';
import { type Db, type Filter, ObjectId, type WithId } from 'mongodb';
import type { CouponScope, CouponTerms } from './domain.ts';

/** A coupon as stored; money in paise. */
export interface CouponDoc extends CouponTerms {
  _id: ObjectId;
  /** Upper case; unique. */
  code: string;
  /** Who made it: a tutor (for their courses) or the admin. */
  ownerId: string;
  ownerRole: 'tutor' | 'admin';
  scope: CouponScope;
  /**
   * The order keys holding a use now (reserved, neither paid nor released): each key's use is
   * counted in `used` exactly once, and taken back at most once, because every change of `used`
   * also adds or removes its key, and is made only when the key is (not) there.
   */
  held: string[];
  /** Order keys whose use was counted again when a released reservation was paid after all. */
  recounted?: string[];
  createdAt: Date;
}

export const COUPONS = storedCollection<CouponDoc>('coupons', [
  { key: { code: 1 }, name: 'code_unique', unique: true },
  { key: { ownerId: 1, createdAt: -1 }, name: 'by_owner' },
  { key: { courseId: 1, createdAt: -1 }, name: 'by_course' },
  { key: { createdAt: -1 }, name: 'newest' },
]);

/** How many uses of a coupon one buyer holds (reserved or redeemed), with the same key rule as `held`. */
export interface CouponBuyerDoc {
  /** `couponId:buyerId`. */
  _id: string;
  couponId: string;
  buyerId: string;
  count: number;
  held: string[];
  recounted?: string[];
}

export const COUPON_BUYERS = storedCollection<CouponBuyerDoc>('coupon_buyers');

export const buyerKey = (couponId: string, buyerId: string) => `${couponId}:${buyerId}`;

/**
 * One use of a coupon held by one order, keyed by the order's key (a one-course checkout's
 * payment row id). `reserved` → `redeemed` when the order is paid, → `released` when its payment
 * fails or it expires unpaid; each transition is guarded on the state it leaves, and `settled`
 * says the counters have followed it (a sweep finishes one a crash interrupted).
 */
export interface CouponReservationDoc {
  _id: string;
  couponId: string;
  buyerId: string;
  state: 'reserved' | 'redeemed' | 'released';
  /** Paid after its release (a retried payment of the same order): the use was counted again. */
  late?: true;
  settled: boolean;
  createdAt: Date;
  expiresAt: Date;
  changedAt: Date;
}

export const COUPON_RESERVATIONS = storedCollection<CouponReservationDoc>('coupon_reservations', [
  { key: { state: 1, expiresAt: 1 }, name: 'expiring' },
  { key: { couponId: 1, state: 1, expiresAt: 1 }, name: 'expiring_by_coupon' },
  { key: { settled: 1, changedAt: 1 }, name: 'unsettled' },
]);

/** A coupon by its id; null for an id of the wrong shape or none. */
export function couponById(db: Db, couponId: string): Promise<WithId<CouponDoc> | null> {
  if (!ObjectId.isValid(couponId) || couponId.length !== 24) return Promise.resolve(null);
  return COUPONS.in(db).findOne({ _id: new ObjectId(couponId) });
}

/** A coupon by its code (upper case). */
export function couponByCode(db: Db, code: string): Promise<WithId<CouponDoc> | null> {
  return COUPONS.in(db).findOne({ code });
}

/** How many uses of the coupon this buyer holds. */
export async function buyerUses(db: Db, couponId: string, buyerId: string): Promise<number> {
  return (await COUPON_BUYERS.in(db).findOne({ _id: buyerKey(couponId, buyerId) }))?.count ?? 0;
}

/** Stores a new coupon; false when its code is taken (in any case). */
export async function insertCoupon(db: Db, coupon: CouponDoc): Promise<boolean> {
  try {
    await COUPONS.in(db).insertOne(coupon);
    return true;
  } catch (error) {
    if (isDuplicateKey(error)) return false;
    throw error;
  }
}

/** Switches a coupon on or off; only its owner's when `ownerId` is given. Null when there is none. */
export function setActive(
  db: Db,
  couponId: ObjectId,
  active: boolean,
  ownerId?: string,
): Promise<WithId<CouponDoc> | null> {
  return COUPONS.in(db).findOneAndUpdate(
    { _id: couponId, ...(ownerId ? { ownerId } : {}) },
    { $set: { active } },
    { returnDocument: 'after' },
  );
}

/** One page of coupons, newest first: one owner's (or everyone's), of one course or all. */
export function couponPage(db: Db, of: { ownerId?: string; courseId?: string }, page: PageRequest) {
  const filter: Filter<CouponDoc> = {
    ...(of.ownerId ? { ownerId: of.ownerId } : {}),
    ...(of.courseId ? { courseId: of.courseId } : {}),
  };
  return paging.find(COUPONS.in(db), filter, { createdAt: -1, _id: -1 }, page);
}
