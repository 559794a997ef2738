import type { IntegrationEvent } from '@liveedu/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from 'mongodb';
import { OUTBOX_COLLECTION } from './outbox/document.ts';
import { relayQueue } from './outbox/relay.ts';
import { outboxSweep } from './outbox/sweep.ts';
import { type Outbox, outboxWrites } from './outbox/writes.ts';

/**
 * The outbox rides inside the business document: the state change and the events it causes are
 * one single-document write, so there is never one without the other (no multi-document
 * transactions needed). Facts without a document of their own go to the `outbox` collection.
 *
 * The writer wakes the relay with the document's key once the write is done, and the relay reads
 * that document by `_id`, publishes its events (JetStream drops a repeated `Nats-Msg-Id`) and
 * removes exactly those from the document. Nothing polls.
 *
 * Before the write, each event gets a marker in `outbox_pending` naming its document; the relay
 * deletes the marker once the event is published and off the document. So the markers are the
 * events in flight, a small collection: the slow sweep (at start-up and every few minutes) reads
 * them, and `outbox`, to find what a crash between a write and its wake-up left behind, and never
 * scans the business collections (a scan of 500k payments held the embedded database's
 * collection for seconds). A marker whose write never happened is dropped by the sweep.
 */
export {
  newEvent,
  OUTBOX_COLLECTION,
  OUTBOX_FIELD,
  OUTBOX_SINCE_FIELD,
  outboxIndex,
} from './outbox/document.ts';
export { OUTBOX_PENDING } from './outbox/markers.ts';
export { type Outbox, outboxWrites } from './outbox/writes.ts';

export interface OutboxRelay extends Outbox {
  /** A document's events are waiting: publish them (what every write of `Outbox` calls). */
  wake(collection: string, id: unknown): void;
  /** Publishes what is waiting now; resolves with the number of events published. */
  drain(): Promise<number>;
  /** Reads the markers of events in flight and `outbox` for what was left behind (start-up, and slowly). */
  sweep(): Promise<number>;
  /** Documents known to have events not yet published or not yet removed. */
  pending(): number;
  stop(): Promise<void>;
}

/** The outbox of a service: its writes, the relay they wake, and the sweep behind both. */
export function startOutboxRelay(opts: {
  db: Db;
  collections: string[];
  publish: (event: IntegrationEvent) => Promise<void>;
  log: FastifyBaseLogger;
  /** How often the sweep looks for documents whose wake-up was lost (default 5 minutes). */
  sweepIntervalMs?: number;
  onPublished?: (event: IntegrationEvent) => void;
}): OutboxRelay {
  const queue = relayQueue(opts);
  const sweeper = outboxSweep({
    db: opts.db,
    collections: [...new Set([...opts.collections, OUTBOX_COLLECTION])],
    queue,
    log: opts.log,
    ...(opts.sweepIntervalMs ? { everyMs: opts.sweepIntervalMs } : {}),
  });
  sweeper.start();
  return {
    ...outboxWrites(opts.db, queue.wake),
    wake: queue.wake,
    drain: queue.drain,
    sweep: sweeper.sweep,
    pending: queue.pending,
    async stop() {
      sweeper.stop();
      await queue.stop();
    },
  };
}
