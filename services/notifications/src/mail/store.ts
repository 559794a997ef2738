import { storedCollection } from '@liveedu/service-kit';
import type { Db } from 'mongodb';
import { guardedUpserts } from '../inbox/store.ts';

/**
 * A user's notifications waiting for the daily digest, keyed by the user: their ids, when the
 * oldest arrived, and the digest time they were last mailed for ("sent up to"), so a digest goes
 * once per user and day whichever replica sends it, and again after no restart.
 */
export interface DigestDoc {
  _id: string;
  pending: string[];
  pendingSince?: Date;
  sentUpTo?: Date;
}

export const DIGESTS = storedCollection<DigestDoc>('digests');

/** Puts notifications in their users' next digests (each once, however often it is delivered). */
export async function queueForDigest(
  db: Db,
  entries: { userId: string; id: string }[],
  at: Date,
): Promise<void> {
  await guardedUpserts<DigestDoc>(
    db,
    DIGESTS.collection,
    entries.map(({ userId, id }) => ({
      filter: { _id: userId, pending: { $ne: id } },
      update: { $push: { pending: id }, $min: { pendingSince: at } },
    })),
  );
}

/** The users whose digest for `slot` is due: something waiting from before it. */
export async function dueDigests(db: Db, slot: Date): Promise<string[]> {
  const due = await DIGESTS.in(db)
    .find({ pendingSince: { $lt: slot } }, { projection: { _id: 1, sentUpTo: 1 } })
    .toArray();
  return due.filter((doc) => !doc.sentUpTo || doc.sentUpTo < slot).map((doc) => doc._id);
}

/**
 * Takes the user's waiting notifications for the digest of `slot`, in one atomic update that also
 * marks the slot sent: of two replicas (or a run repeated after a restart) one gets them, the
 * other nothing.
 */
export async function claimDigest(db: Db, userId: string, slot: Date): Promise<string[]> {
  const before = await DIGESTS.in(db).findOneAndUpdate(
    {
      _id: userId,
      pendingSince: { $lt: slot },
      $or: [{ sentUpTo: { $exists: false } }, { sentUpTo: { $lt: slot } }],
    },
    { $set: { pending: [], sentUpTo: slot }, $unset: { pendingSince: '' } },
    { returnDocument: 'before' },
  );
  return before?.pending ?? [];
}

export async function forgetDigest(db: Db, userId: string): Promise<void> {
  await DIGESTS.in(db).deleteOne({ _id: userId });
}
