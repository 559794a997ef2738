import { LEARNING_REQUIREMENT_CHANGED, type LearningRequirementChangedData } from '@liveedu/contracts';
import { conflict, isDuplicateKey, newEvent, type Outbox, type StoredCollection } from '@liveedu/service-kit';
import type { Db } from 'mongodb';

/** What an item's quiz or assignment holds for the catalog: whether a certificate needs it passed. */
export interface RequiringDoc {
  _id: string;
  courseId: string;
  itemId: string;
  required: boolean;
  /** Grows with every save: orders the requirement events the catalog keeps. */
  version: number;
}

const CHANGED_MEANWHILE = 'This item was changed meanwhile; please reload it and try again';

/**
 * Saves an item's quiz or assignment as `build` makes it from the stored one (null: none yet),
 * under the next version, with the requirement the catalog keeps for certificates. A save that
 * read an older version than the one stored is refused (409).
 */
export async function saveRequiring<T extends RequiringDoc>(
  db: Db,
  outbox: Outbox,
  collection: StoredCollection<T>,
  at: { _id: string; requestId: string },
  build: (before: T | null, version: number) => T,
): Promise<T> {
  const before = (await collection.in(db).findOne({ _id: at._id } as never)) as T | null;
  const version = (before?.version ?? 0) + 1;
  const doc = build(before, version);
  const data: LearningRequirementChangedData = {
    courseId: doc.courseId,
    itemId: doc.itemId,
    required: doc.required,
    version,
  };
  const events = [newEvent(LEARNING_REQUIREMENT_CHANGED, data, { requestId: at.requestId })];
  if (!before) {
    try {
      await outbox.insertOne<T>(collection.collection, doc as never, events);
    } catch (error) {
      if (isDuplicateKey(error)) throw conflict(CHANGED_MEANWHILE);
      throw error;
    }
    return doc;
  }
  const { _id, ...changes } = doc;
  const written = await outbox.updateOne<RequiringDoc>(
    collection.collection,
    { _id, version: before.version },
    { $set: changes },
    events,
  );
  if (written.modifiedCount !== 1) throw conflict(CHANGED_MEANWHILE);
  return doc;
}
