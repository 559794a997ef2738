import type { IntegrationEvent } from '@liveedu/contracts';
import { eventNames } from '@liveedu/platform-registry';
import {
  type ConsumerMessages,
  DeliverPolicy,
  type JsMsg,
  jetstream,
  jetstreamManager,
} from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import { natsServerOptions } from './nats-connect.ts';

const RETRY_MS = 1000;

export interface EventFollower {
  /** True while events can reach this process: connected, and the consumer is asking for them. */
  readonly live: boolean;
  stop(): Promise<void>;
}

export interface FollowOptions {
  natsUrl: string;
  /** The isolation prefix of stream and subject names (empty in production). */
  prefix: string;
  /** The service whose stream is followed, e.g. `identity`. */
  owner: string;
  /** Event types to hand over; others on the stream are skipped. */
  types: string[];
  /** A subject filter covering `types`, e.g. `identity.user.*` (one filter: nats-server 2.9). */
  filter: string;
  /** Names the connection, for the server's monitoring. */
  name: string;
  log: FastifyBaseLogger;
  onEvent(event: IntegrationEvent): void | Promise<void>;
  /**
   * Events may have gone by unseen (first start, reconnect, consumer recreated): whatever was
   * derived from them must be rebuilt or distrusted. Called before the events that follow.
   */
  onGap(): void | Promise<void>;
  /** Called when `live` changes. */
  onLive?(live: boolean): void;
  /**
   * The stream sequence to start from the first time, when the caller built its state from a
   * snapshot taken after reading the stream's last sequence (`lastSequence`): events from there
   * on are replayed and no gap is reported. Without it the first start reports a gap.
   */
  startAt?: number;
}

/** The sequence of the newest event on a service's stream (0 when empty or missing). */
export async function lastSequence(natsUrl: string, prefix: string, owner: string): Promise<number> {
  const nc = await connect({ ...natsServerOptions(natsUrl), timeout: 5_000 });
  try {
    const jsm = await jetstreamManager(nc, { timeout: 5_000 });
    return (await jsm.streams.info(eventNames(prefix).stream(owner))).state.last_seq;
  } finally {
    await nc.close().catch(() => {});
  }
}

/**
 * Follows another service's (or this service's own) events in every replica of this process:
 * an ordered consumer of its own (ephemeral, in memory, removed by the server once idle), never
 * a shared durable, starting after the last event already stored. Unlike the durable consumers
 * that change a service's database once per event, this keeps in-process state current — a
 * cache, a read model — so every replica must see every event, and a replica that may have
 * missed some is told (`onGap`) to rebuild.
 */
export function followEvents(opts: FollowOptions): EventFollower {
  const names = eventNames(opts.prefix);
  const stream = names.stream(opts.owner);
  const subjects = new Set(opts.types.map((type) => names.subject(type)));
  const filter = names.subject(opts.filter);
  const log = opts.log.child({ feed: `${opts.owner}-events` });

  let stopped = false;
  let connected = false;
  let consuming = false;
  let live = false;
  let connection: NatsConnection | null = null;
  let messages: ConsumerMessages | null = null;
  let wake: (() => void) | null = null;
  let failures = 0;
  let startAt = opts.startAt;

  const update = () => {
    const now = connected && consuming && !stopped;
    if (now === live) return;
    live = now;
    log.info({ live }, live ? `following ${opts.owner} events` : `not following ${opts.owner} events`);
    opts.onLive?.(live);
  };

  const gap = async () => {
    try {
      await opts.onGap();
    } catch (error) {
      log.error({ err: error }, 'could not rebuild after missed events');
    }
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
    if (failures === 1 || failures % 60 === 0) log.warn({ err: error, failures }, what);
  };

  async function handle(message: JsMsg): Promise<void> {
    if (!subjects.has(message.subject)) return;
    let event: IntegrationEvent;
    try {
      event = message.json<IntegrationEvent>();
    } catch {
      // An event nobody can read could have been about anything.
      await gap();
      return;
    }
    try {
      await opts.onEvent(event);
    } catch (error) {
      log.error({ err: error, eventId: event.id }, 'could not apply an event; rebuilding');
      await gap();
    }
  }

  async function watchConnection(nc: NatsConnection): Promise<void> {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect') {
        connected = false;
        consuming = false;
        update();
      } else if (status.type === 'reconnect') {
        connected = true;
        await gap();
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
          await gap();
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
    // Created by its owner; until it exists there is nothing to follow.
    const info = await jsm.streams.info(stream);
    const fromSnapshot = startAt;
    startAt = undefined;
    const consumer = await jetstream(nc, { timeout: 5_000 }).consumers.get(stream, {
      filter_subjects: filter,
      // A start sequence rather than "new": the consumer resumes after the last event it saw
      // when it is recreated, which "new" would turn into a replay of the whole stream.
      deliver_policy: DeliverPolicy.StartSequence,
      opt_start_seq: fromSnapshot ?? info.state.last_seq + 1,
    });
    const current = await consumer.consume({ max_messages: 256, expires: 10_000 });
    messages = current;
    if (stopped) {
      await current.close();
      return;
    }
    if (fromSnapshot === undefined) await gap();
    void watchConsumer(current).catch(() => {});
    failures = 0;
    for await (const message of current) await handle(message);
  }

  const loop = (async () => {
    while (!stopped) {
      let nc: NatsConnection;
      try {
        nc = await connect({
          ...natsServerOptions(opts.natsUrl),
          name: opts.name,
          maxReconnectAttempts: -1,
          reconnectTimeWait: 250,
          timeout: 5_000,
        });
      } catch (error) {
        failed(error, `cannot reach NATS to follow ${opts.owner} events`);
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
          if (!stopped) failed(error, `cannot follow ${opts.owner} events`);
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
    get live() {
      return live;
    },
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
