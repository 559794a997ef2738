import { isDuplicateKey, storedCollection } from '@liveedu/service-kit';
import type { Db } from 'mongodb';

/** A buyer's cart: one document per user, keyed by the user's id. */
export interface CartDoc {
  _id: string;
  /** Lower case, no course twice, at most `MAX_CART_COURSES`. */
  courseIds: string[];
  updatedAt: Date;
}

export const CARTS = storedCollection<CartDoc>('carts');

/** The courses in the user's cart, in the order they were put there; none when there is no cart. */
export async function cartOf(db: Db, userId: string): Promise<string[]> {
  return (await CARTS.in(db).findOne({ _id: userId }))?.courseIds ?? [];
}

/** Replaces the user's cart. Two first saves at once: the loser's upsert meets a duplicate key and saves again. */
export async function saveCart(db: Db, userId: string, courseIds: string[]): Promise<void> {
  const save = () =>
    CARTS.in(db).updateOne({ _id: userId }, { $set: { courseIds, updatedAt: new Date() } }, { upsert: true });
  try {
    await save();
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    await save();
  }
}

/**
 * Takes courses out of the user's cart (bought, or no longer for sale); whatever else a
 * simultaneous save put there stays.
 */
export async function dropFromCart(db: Db, userId: string, courseIds: string[]): Promise<void> {
  if (courseIds.length === 0) return;
  await CARTS.in(db).updateOne(
    { _id: userId },
    { $pull: { courseIds: { $in: courseIds } }, $set: { updatedAt: new Date() } },
  );
}
