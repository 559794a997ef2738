import type { IntegrationEvent } from '@liveedu/contracts';
import { isolation, startPrivateNats, testServers } from '@liveedu/test-kit';
import { connect } from '@nats-io/transport-node';
import fastify from 'fastify';
import { type Collection, type Db, type Document, type FindCursor, MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectEventBus, type EventBus } from './event-bus.ts';
import {
  newEvent,
  OUTBOX_COLLECTION,
  OUTBOX_PENDING,
  type OutboxRelay,
  outboxWrites,
  startOutboxRelay,
} from './outbox.ts';

const THINGS = 'things';
const MADE = 'kitrelay.thing.made';
const HOUR = 3_600_000;
const log = fastify({ logger: false }).log;

let client: MongoClient;
beforeAll(async () => {
  client = await MongoClient.connect(testServers().mongoUrl);
});
afterAll(() => client?.close());

interface Read {
  collection: string;
  op: string;
  filter: Document;
}

interface Watched {
  db: Db;
  reads: Read[];
  /** Scans whose cursor is exhausted (the sweep's), as opposed to merely started. */
  scansDone: number;
}

/** The database as the relay sees it, with every read it makes written down. */
function watched(db: Db): Watched {
  const reads: Read[] = [];
  const READS = new Set(['find', 'findOne', 'countDocuments', 'aggregate', 'distinct']);
  const collectionOf = (name: string): Collection =>
    new Proxy(db.collection(name), {
      get(target, prop) {
        const value = Reflect.get(target, prop, target);
        if (typeof value !== 'function') return value;
        if (typeof prop === 'string' && READS.has(prop)) {
          return (filter: Document, ...rest: unknown[]) => {
            reads.push({ collection: name, op: prop, filter });
            const result = value.call(target, filter, ...rest);
            if (prop === 'find') (result as FindCursor).once('close', () => (watch.scansDone += 1));
            return result;
          };
        }
        return value.bind(target);
      },
    });
  const proxy = new Proxy(db, {
    get(target, prop) {
      if (prop === 'collection') return collectionOf;
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const watch: Watched = { db: proxy, reads, scansDone: 0 };
  return watch;
}

/**
 * Waits out the start-up sweep (once per database a scan of the business collection for events
 * written before markers existed; then `outbox` and the markers) and what it woke, then forgets
 * the reads so far: what is read afterwards is what the writes cause.
 */
async function afterStartupSweep(watch: Watched, relay: OutboxRelay): Promise<void> {
  await until(() => watch.scansDone === 3, 'the start-up sweep');
  await relay.drain();
  watch.reads.length = 0;
}

const isKeyLookup = (read: Read) =>
  read.op === 'findOne' && Object.keys(read.filter).length === 1 && '_id' in read.filter;

async function until<T>(probe: () => Promise<T | undefined> | T | undefined, what: string, ms = 10_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A bus on an isolated prefix, and every event published on it as seen by a plain subscriber. */
async function busAndListener(natsUrl: string) {
  const iso = isolation('relay');
  const bus = await connectEventBus({ url: natsUrl, prefix: iso.eventPrefix, name: 'kit-relay', log });
  await bus.ensureStream('kitrelay');
  const nc = await connect({ servers: natsUrl, maxReconnectAttempts: -1, reconnectTimeWait: 250 });
  const seen: string[] = [];
  nc.subscribe(`${iso.eventPrefix}${MADE}`, {
    callback: (_error, message) => {
      seen.push((message.json() as { id: string }).id);
    },
  });
  await nc.flush();
  return {
    bus,
    seen,
    async close() {
      await nc.close();
      await bus.close();
    },
  };
}

/** The ids of the events the stream stored, in order (JetStream keeps one per `Nats-Msg-Id`). */
async function storedIds(bus: EventBus): Promise<string[]> {
  const stream = bus.names.streamOf(MADE);
  const { state } = await bus.jsm.streams.info(stream);
  const ids: string[] = [];
  for (let seq = state.first_seq; state.messages > 0 && seq <= state.last_seq; seq++) {
    const message = await bus.jsm.streams.getMessage(stream, { seq });
    if (message) ids.push(message.json<{ id: string }>().id);
  }
  return ids;
}

function startRelay(
  db: Db,
  bus: EventBus,
  publish: (event: IntegrationEvent) => Promise<void> = bus.publish,
) {
  return startOutboxRelay({ db, collections: [THINGS], publish, log, sweepIntervalMs: HOUR });
}

const made = (name: string) => newEvent(MADE, { name });
type Thing = { _id: string; n?: number; touched?: boolean };

describe('outbox relay', () => {
  it('publishes each write woken by its key, reads only by _id between sweeps, and cleans up', async () => {
    const real = client.db(isolation('relay').dbName('kit'));
    const watch = watched(real);
    const { reads } = watch;
    const { bus, seen, close } = await busAndListener(testServers().natsUrl);
    const relay = startRelay(watch.db, bus);
    try {
      await afterStartupSweep(watch, relay);

      const created = made('a');
      await relay.insertOne<Thing>(THINGS, { _id: 'a', n: 0 }, [created]);
      const updated = made('a');
      await relay.updateOne<Thing>(THINGS, { _id: 'a' }, { $inc: { n: 1 } }, [updated]);
      const both = [made('b1'), made('b2')];
      const returned = await relay.findOneAndUpdate<Thing>(THINGS, { _id: 'b' }, { $set: { n: 5 } }, both, {
        upsert: true,
        returnDocument: 'after',
      });
      expect(returned).toEqual({ _id: 'b', n: 5 });
      const fact = made('fact');
      await relay.record(fact);
      await relay.record(fact);

      const all = [created, updated, ...both, fact].map((e) => e.id);
      await until(() => all.every((id) => seen.includes(id)), 'every event on NATS');
      await until(() => relay.pending() === 0, 'the relay to finish');
      expect(reads.length).toBeGreaterThan(0);
      expect(reads.filter((r) => !isKeyLookup(r))).toEqual([]);

      const things = real.collection(THINGS);
      expect(await things.findOne({ _id: 'a' as never })).toEqual({ _id: 'a', n: 1, _outbox: [] });
      expect(await things.findOne({ _id: 'b' as never })).toEqual({ _id: 'b', n: 5, _outbox: [] });
      expect(await real.collection(OUTBOX_COLLECTION).countDocuments({})).toBe(0);
      // Nothing left in flight: every marker went with its event.
      expect(await OUTBOX_PENDING.in(real).countDocuments({})).toBe(0);

      // Idle, the relay reads nothing (the old relay polled every second).
      const before = reads.length;
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(reads.length).toBe(before);
      // Recorded twice, stored once.
      expect(await storedIds(bus)).toEqual(all);

      // The sweep reads `outbox` and the markers of events in flight, never the business
      // collection; a marker whose write never landed is dropped once it is old.
      const lost = made('lost');
      await OUTBOX_PENDING.in(real).insertOne({
        _id: lost.id,
        collection: THINGS,
        doc: 'a',
        at: new Date(Date.now() - 120_000),
      });
      reads.length = 0;
      await relay.sweep();
      const scanned = reads.filter((r) => r.op === 'find').map((r) => r.collection);
      expect(scanned.sort()).toEqual([OUTBOX_COLLECTION, OUTBOX_PENDING.collection].sort());
      expect(reads.filter((r) => r.collection === THINGS).every(isKeyLookup)).toBe(true);
      expect(await OUTBOX_PENDING.in(real).countDocuments({})).toBe(0);
      expect(seen).not.toContain(lost.id);
    } finally {
      await relay.stop();
      await close();
      await real.dropDatabase().catch(() => {});
    }
  });

  it('keeps an event written while its document was being relayed, and publishes it when woken', async () => {
    const db = client.db(isolation('relay').dbName('kit'));
    const watch = watched(db);
    const { bus, seen, close } = await busAndListener(testServers().natsUrl);
    const late = made('late');
    let interleaved = false;
    const relay: OutboxRelay = startRelay(watch.db, bus, async (event) => {
      if (!interleaved) {
        interleaved = true;
        // Another request's write lands between the relay's read and its clean-up; its wake-up is
        // held back so the clean-up is seen on its own.
        await outboxWrites(db).updateOne<Thing>(THINGS, { _id: 'busy' }, { $set: { touched: true } }, [late]);
      }
      await bus.publish(event);
    });
    try {
      // Otherwise the start-up sweep could still find the document and wake the relay for it.
      await afterStartupSweep(watch, relay);
      const first = made('first');
      await relay.insertOne<Thing>(THINGS, { _id: 'busy' }, [first]);
      await until(() => seen.includes(first.id) && relay.pending() === 0, 'the first event');
      const things = db.collection(THINGS);
      const left = await things.findOne({ _id: 'busy' as never });
      expect(left?._outbox).toEqual([late]);
      expect(left?._outboxAt).toBeInstanceOf(Date);
      expect(seen).not.toContain(late.id);

      relay.wake(THINGS, 'busy');
      await until(() => seen.includes(late.id), 'the late event');
      await until(async () => {
        const doc = await things.findOne({ _id: 'busy' as never });
        return doc?._outboxAt === undefined && doc?._outbox?.length === 0;
      }, 'the document to be cleaned');
      expect(seen.filter((id) => id === first.id || id === late.id)).toHaveLength(2);
    } finally {
      await relay.stop();
      await close();
      await db.dropDatabase().catch(() => {});
    }
  });

  it('holds woken keys in memory while NATS is down and publishes them when it is back, without scanning', async () => {
    const nats = await startPrivateNats();
    const real = client.db(isolation('relay').dbName('kit'));
    const watch = watched(real);
    const { reads } = watch;
    const { bus, close } = await busAndListener(nats.url);
    const relay = startRelay(watch.db, bus);
    try {
      await afterStartupSweep(watch, relay);
      await nats.halt();
      const events = [made('x'), made('y')];
      await relay.insertOne<Thing>(THINGS, { _id: 'x' }, [events[0] as IntegrationEvent]);
      await relay.insertOne<Thing>(THINGS, { _id: 'y' }, [events[1] as IntegrationEvent]);
      // The first attempt fails and the keys wait for the retry.
      await until(() => reads.length > 0, 'an attempt to publish', 15_000);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(relay.pending()).toBe(2);
      expect((await real.collection(THINGS).findOne({ _id: 'x' as never }))?._outbox).toHaveLength(1);

      await nats.resume();
      // Read from the stream: a plain subscriber may still be reconnecting when they go out.
      const ids = events.map((e) => e.id);
      await until(
        async () => {
          const stored = await storedIds(bus).catch((): string[] => []);
          return ids.every((id) => stored.includes(id)) ? stored : undefined;
        },
        'both events after the outage',
        45_000,
      );
      await until(() => relay.pending() === 0, 'the relay to finish');
      expect(reads.filter((r) => !isKeyLookup(r))).toEqual([]);
      for (const id of ['x', 'y']) {
        expect(await real.collection(THINGS).findOne({ _id: id as never })).toEqual({ _id: id, _outbox: [] });
      }
    } finally {
      await relay.stop();
      await close();
      await real.dropDatabase().catch(() => {});
      await nats.stop();
    }
  }, 90_000);
});
