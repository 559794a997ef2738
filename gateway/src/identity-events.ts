import { IDENTITY_USER_DELETED, IDENTITY_USER_UPDATED } from '@liveedu/contracts';
import { eventNames } from '@liveedu/service-kit';
import {
  type ConsumerMessages,
  DeliverPolicy,
  type JsMsg,
  jetstream,
  jetstreamManager,
} from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import type { AccessCache } from './access-cache.ts';

const RETRY_MS = 1000;

export interface IdentityFeed {
  stop(): Promise<void>;
}

/**
 * Follows identity's `identity.user.updated` and `identity.user.deleted` and drops the user's
 * cached access on each. Every replica must see every event, so this is an ordered consumer of
 * the replica's own (ephemeral, in memory, removed by the server once idle), never a shared
 * durable. It starts after the last event already stored: what came before is in no cache yet.
 *
 * The cache is trusted (`live`) only while events can reach it: connected, and the consumer has
 * asked for messages since it was last (re)created. Whenever that is lost or regained the cache
 * is emptied, since events may have gone by unseen.
 */
export function followIdentityEvents(opts: {
  natsUrl: string;
  prefix: string;
  cache: AccessCache;
  log: FastifyBaseLogger;
}): IdentityFeed {
  const names = eventNames(opts.prefix);
  const stream = names.stream('identity');
  const subjects = new Set([names.subject(IDENTITY_USER_UPDATED), names.subject(IDENTITY_USER_DELETED)]);
  // One filter subject: several need nats-server 2.10, and the others under it are few and skipped.
  const filter = names.subject('identity.user.*');
  const log = opts.log.child({ feed: 'identity-events' });
  const cache = opts.cache;

  let stopped = false;
  let connected = false;
  let consuming = false;
  let connection: NatsConnection | null = null;
  let messages: ConsumerMessages | null = null;
  let wake: (() => void) | null = null;
  let failures = 0;

  const update = () => {
    const live = connected && consuming && !stopped;
    if (cache.live !== live) log.info({ live }, live ? 'following user events' : 'not following user events');
    cache.live = live;
  };

  const pause = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, RETRY_MS);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const failed = (error: unknown, what: string) => {
    failures += 1;
    // The gateway works without the feed (it asks identity each time), so say so without flooding.
    if (failures === 1 || failures % 60 === 0) log.warn({ err: error, failures }, what);
  };

  function handle(message: JsMsg): void {
    if (!subjects.has(message.subject)) return;
    let userId: unknown;
    try {
      userId = message.json<{ data?: { userId?: unknown } }>().data?.userId;
    } catch {
      userId = undefined;
    }
    // An event that does not say whom it is about could be about anyone.
    if (typeof userId === 'string') cache.invalidate(userId);
    else cache.clear();
  }

  async function watchConnection(nc: NatsConnection): Promise<void> {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect') {
        connected = false;
        consuming = false;
        update();
      } else if (status.type === 'reconnect') {
        connected = true;
        cache.clear();
        update();
      }
    }
  }

  async function watchConsumer(current: ConsumerMessages): Promise<void> {
    for await (const note of current.status()) {
      switch (note.type) {
        // Sent each time the consumer asks the server for messages, so it is working.
        case 'next':
          consuming = true;
          update();
          break;
        case 'ordered_consumer_recreated':
          cache.clear();
          break;
        case 'reset':
        case 'heartbeats_missed':
        case 'consumer_deleted':
        case 'consumer_not_found':
        case 'stream_not_found':
        case 'no_responders':
          consuming = false;
          update();
          break;
        default:
      }
    }
  }

  async function consumeOnce(nc: NatsConnection): Promise<void> {
    const jsm = await jetstreamManager(nc, { timeout: 5_000 });
    // Created by identity; until it exists there is nothing to follow.
    const info = await jsm.streams.info(stream);
    const consumer = await jetstream(nc, { timeout: 5_000 }).consumers.get(stream, {
      filter_subjects: filter,
      // A start sequence rather than "new": the consumer resumes after the last event it saw
      // when it is recreated, which "new" would turn into a replay of the whole stream.
      deliver_policy: DeliverPolicy.StartSequence,
      opt_start_seq: info.state.last_seq + 1,
    });
    const current = await consumer.consume({ max_messages: 256, expires: 10_000 });
    messages = current;
    if (stopped) {
      await current.close();
      return;
    }
    void watchConsumer(current).catch(() => {});
    failures = 0;
    for await (const message of current) handle(message);
  }

  const loop = (async () => {
    while (!stopped) {
      let nc: NatsConnection;
      try {
        nc = await connect({
          servers: opts.natsUrl,
          name: 'gateway',
          maxReconnectAttempts: -1,
          reconnectTimeWait: 250,
          timeout: 5_000,
        });
      } catch (error) {
        failed(error, 'cannot reach NATS; asking identity at every call until it answers');
        await pause();
        continue;
      }
      connection = nc;
      if (stopped) {
        await nc.close().catch(() => {});
        break;
      }
      connected = true;
      void watchConnection(nc).catch(() => {});
      while (!stopped && !nc.isClosed()) {
        try {
          await consumeOnce(nc);
        } catch (error) {
          if (!stopped) failed(error, 'cannot follow identity events; asking identity at every call');
        }
        consuming = false;
        update();
        if (!stopped) await pause();
      }
      // Closed for good (not by a reconnectable outage): start over with a new connection.
      connected = false;
      update();
      await nc.close().catch(() => {});
    }
  })();

  return {
    async stop() {
      stopped = true;
      update();
      wake?.();
      // close() settles only once the loop has read the iterator to its end; do not await it.
      void messages?.close().catch(() => {});
      await connection?.close().catch(() => {});
      await loop.catch(() => {});
    },
  };
}
