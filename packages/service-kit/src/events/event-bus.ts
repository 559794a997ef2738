import type { IntegrationEvent } from '@liveedu/contracts';
import { type EventNames, eventNames } from '@liveedu/platform-registry';
import {
  AckPolicy,
  DeliverPolicy,
  JetStreamApiError,
  type JetStreamClient,
  type JetStreamManager,
  jetstream,
  jetstreamManager,
} from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import { natsServerOptions } from './nats-connect.ts';

const NANOS_PER_MS = 1_000_000;
const DUPLICATE_WINDOW_MS = 10 * 60_000;

export interface EventBus {
  readonly names: EventNames;
  readonly connection: NatsConnection;
  /** Publishes with the event id as `Nats-Msg-Id`, so a repeat inside the window is dropped. */
  publish(event: IntegrationEvent): Promise<void>;
  /** Creates the owner's stream if it does not exist yet (both publishers and consumers call it). */
  ensureStream(owner: string): Promise<void>;
  ensureDurable(type: string, durable: string): Promise<void>;
  js: JetStreamClient;
  jsm: JetStreamManager;
  close(): Promise<void>;
}

function isAlreadyExists(error: unknown): boolean {
  return error instanceof JetStreamApiError && /already in use|already exists/i.test(error.message);
}

export async function connectEventBus(opts: {
  url: string;
  prefix: string;
  name: string;
  log: FastifyBaseLogger;
}): Promise<EventBus> {
  const connection = await connect({
    ...natsServerOptions(opts.url),
    name: opts.name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 250,
    waitOnFirstConnect: true,
    timeout: 20_000,
  });
  (async () => {
    for await (const status of connection.status()) {
      if (status.type === 'disconnect' || status.type === 'reconnect') {
        opts.log.warn({ nats: status.type }, `NATS ${status.type}`);
      }
    }
  })().catch(() => {});
  const names = eventNames(opts.prefix);
  const js = jetstream(connection, { timeout: 5_000 });
  const jsm = await jetstreamManager(connection, { timeout: 5_000 });
  const knownStreams = new Set<string>();

  async function ensureStream(owner: string): Promise<void> {
    const name = names.stream(owner);
    if (knownStreams.has(name)) return;
    try {
      await jsm.streams.info(name);
    } catch {
      try {
        await jsm.streams.add({
          name,
          subjects: [names.streamSubjects(owner)],
          duplicate_window: DUPLICATE_WINDOW_MS * NANOS_PER_MS,
        });
      } catch (error) {
        // Another service's stream may be refused (its user may create only its own): the
        // consumer waits for its owner to create it.
        if (!isAlreadyExists(error)) throw error;
      }
    }
    knownStreams.add(name);
  }

  return {
    names,
    connection,
    js,
    jsm,
    ensureStream,
    async ensureDurable(type, durable) {
      const stream = names.streamOf(type);
      await ensureStream(type.split('.')[0] ?? type);
      try {
        await jsm.consumers.info(stream, durable);
      } catch {
        try {
          await jsm.consumers.add(stream, {
            durable_name: durable,
            ack_policy: AckPolicy.Explicit,
            deliver_policy: DeliverPolicy.All,
            filter_subject: names.subject(type),
            ack_wait: 30_000 * NANOS_PER_MS,
            max_deliver: -1,
          });
        } catch (error) {
          if (!isAlreadyExists(error)) throw error;
        }
      }
    },
    async publish(event) {
      await js.publish(names.subject(event.type), JSON.stringify(event), { msgID: event.id });
    },
    async close() {
      await connection.drain().catch(() => connection.close());
    },
  };
}
