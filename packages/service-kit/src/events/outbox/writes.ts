import type { IntegrationEvent } from '@liveedu/contracts';
import type {
  Collection,
  Db,
  Document,
  Filter,
  FindOneAndUpdateOptions,
  InsertOneResult,
  OptionalUnlessRequiredId,
  UpdateFilter,
  UpdateOptions,
  UpdateResult,
  WithId,
} from 'mongodb';
import { isDuplicateKey } from '../../mongo.ts';
import {
  OUTBOX_COLLECTION,
  OUTBOX_FIELD,
  OUTBOX_SINCE_FIELD,
  withEvents,
  withEventsUpdate,
  withoutOutbox,
} from './document.ts';
import { markPending, unmarkPending } from './markers.ts';

/**
 * Writes that carry integration events. Each stores the change and its events in one
 * single-document write, then wakes the relay with the document's key. A filter names the
 * document by `_id`, so the relay knows which one to read.
 */
export interface Outbox {
  insertOne<T extends Document>(
    collection: string,
    doc: OptionalUnlessRequiredId<T> & { _id: unknown },
    events: IntegrationEvent[],
  ): Promise<InsertOneResult<T>>;
  updateOne<T extends Document>(
    collection: string,
    filter: Filter<T> & { _id: unknown },
    update: UpdateFilter<T>,
    events: IntegrationEvent[],
    options?: UpdateOptions,
  ): Promise<UpdateResult<T>>;
  findOneAndUpdate<T extends Document>(
    collection: string,
    filter: Filter<T> & { _id: unknown },
    update: UpdateFilter<T>,
    events: IntegrationEvent[],
    options?: FindOneAndUpdateOptions,
  ): Promise<WithId<T> | null>;
  /** Records a fact that has no document of its own. */
  record(event: IntegrationEvent): Promise<void>;
}

/**
 * The writing half of the outbox: each write stores the change and its events in one
 * single-document write, then calls `wake` with the document's key (the relay's `wake` in a
 * service; a script or a test without a relay leaves the events to the next sweep).
 */
export function outboxWrites(db: Db, wake: (collection: string, id: unknown) => void = () => {}): Outbox {
  /** The write, between marking its events in flight and waking the relay (or unmarking them). */
  async function written<R>(
    at: { collection: string; id: unknown; events: IntegrationEvent[] },
    write: () => Promise<R>,
    happened: (result: R) => boolean,
  ): Promise<R> {
    const { collection, id, events } = at;
    await markPending(db, collection, id, events);
    let result: R;
    try {
      result = await write();
    } catch (error) {
      await unmarkPending(db, events).catch(() => {});
      throw error;
    }
    if (happened(result)) wake(collection, id);
    else await unmarkPending(db, events);
    return result;
  }

  /** An update of the document the filter names by `_id`, with the events pushed onto it. */
  function changed<R>(
    at: {
      collection: string;
      filter: Document & { _id: unknown };
      update: unknown;
      events: IntegrationEvent[];
    },
    write: (docs: Collection, filter: Filter<Document>, update: Document) => Promise<R>,
    happened: (result: R) => boolean,
  ): Promise<R> {
    const { collection, filter, events } = at;
    const docs = db.collection(collection);
    const store = () =>
      write(docs, filter as Filter<Document>, withEventsUpdate(at.update as Document, events));
    return written({ collection, id: filter._id, events }, store, happened);
  }

  return {
    async insertOne(collection, doc, events) {
      const store = () => db.collection(collection).insertOne(withEvents(doc as Document, events));
      return (await written({ collection, id: doc._id, events }, store, () => true)) as never;
    },
    async updateOne(collection, filter, update, events, options) {
      const store = (docs: Collection, f: Filter<Document>, u: Document) => docs.updateOne(f, u, options);
      const stored = (r: UpdateResult) => r.matchedCount > 0 || r.upsertedCount > 0;
      return (await changed({ collection, filter, update, events }, store, stored)) as never;
    },
    async findOneAndUpdate(collection, filter, update, events, options) {
      const store = (docs: Collection, f: Filter<Document>, u: Document) =>
        docs.findOneAndUpdate(f, u, { ...options, includeResultMetadata: false });
      // With `returnDocument: 'before'` an upsert returns null; the filter names the document.
      const stored = (found: Document | null) => found !== null || options?.upsert === true;
      return withoutOutbox(await changed({ collection, filter, update, events }, store, stored)) as never;
    },
    async record(event) {
      try {
        await db
          .collection(OUTBOX_COLLECTION)
          .insertOne({ _id: event.id as never, [OUTBOX_FIELD]: [event], [OUTBOX_SINCE_FIELD]: new Date() });
      } catch (error) {
        // Recorded already (a redelivered handler records the same fact again): one is enough.
        if (!isDuplicateKey(error)) throw error;
      }
      wake(OUTBOX_COLLECTION, event.id);
    },
  };
}
