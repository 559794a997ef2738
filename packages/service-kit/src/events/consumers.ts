import type { IntegrationEvent } from '@liveedu/contracts';
import type { ConsumerMessages, JsMsg } from '@nats-io/jetstream';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from 'mongodb';
import type { KitConfig } from '../config.ts';
import { isDuplicateKey } from '../mongo.ts';
import type { EventBus } from './event-bus.ts';
import type { Outbox } from './outbox.ts';

/**
 * How long one pull waits for events before it is renewed; the server sends a heartbeat every
 * half of it. With nothing to deliver, each consumer costs a request and two heartbeats per
 * period, on the service and on NATS. A reconnect re-pulls at once, so a longer period does not
 * delay delivery after an outage (the outage and process-kill tests); 30 s, the client's
 * default, rather than 5 s.
 */
const PULL_EXPIRES_MS = 30_000;

export const PROCESSED_COLLECTION = 'processed_events';

export interface HandlerContext {
  db: Db;
  /** The service's configuration (its secrets, for handlers that sign what they write). */
  config: KitConfig;
  log: FastifyBaseLogger;
  /** For handlers whose change causes events of their own. */
  outbox: Outbox;
}

/** One handler per event type, in a file named after the event (`on-payment-succeeded.ts`). */
export interface EventHandler<TEvent extends IntegrationEvent = IntegrationEvent> {
  /** Event type, e.g. `payments.payment.succeeded`. */
  event: TEvent['type'];
  /** Stable handler name; part of the durable consumer's name. */
  name: string;
  handle(event: TEvent, ctx: HandlerContext): Promise<void>;
}

export interface RunningConsumers {
  /** Messages delivered to our durables but not yet acknowledged, plus those not yet delivered. */
  lag(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Runs a durable pull consumer per handler. A processed-event record per consumer makes
 * handling idempotent: a redelivered or republished event is acknowledged without effect.
 * Handlers must still be safe to repeat, since a crash can fall between effect and record.
 */
export async function startConsumers(opts: {
  bus: EventBus;
  db: Db;
  outbox: Outbox;
  config: KitConfig;
  service: string;
  handlers: EventHandler[];
  log: FastifyBaseLogger;
}): Promise<RunningConsumers> {
  const processed = opts.db.collection<{ _id: string; at: Date }>(PROCESSED_COLLECTION);
  const running: { messages: ConsumerMessages | null; stopped: boolean; loop: Promise<void> }[] = [];
  const durables: { stream: string; durable: string }[] = [];

  for (const handler of opts.handlers) {
    const durable = opts.bus.names.durable(opts.service, handler.name);
    const stream = opts.bus.names.streamOf(handler.event);
    durables.push({ stream, durable });
    const log = opts.log.child({ consumer: durable });

    async function handle(message: JsMsg): Promise<void> {
      let event: IntegrationEvent;
      try {
        event = message.json<IntegrationEvent>();
      } catch {
        log.error({ seq: message.seq }, 'dropping an event that is not JSON');
        message.term();
        return;
      }
      const key = `${durable}:${event.id}`;
      if (await processed.findOne({ _id: key })) {
        message.ack();
        return;
      }
      try {
        await handler.handle(event, { db: opts.db, config: opts.config, log, outbox: opts.outbox });
        await processed.insertOne({ _id: key, at: new Date() }).catch((error) => {
          if (!isDuplicateKey(error)) throw error;
        });
        message.ack();
      } catch (error) {
        log.warn(
          { err: error, eventId: event.id, requestId: event.requestId },
          'event handler failed; redelivering',
        );
        message.nak(Math.min(1000 * message.info.deliveryCount, 15_000));
      }
    }

    const state = { messages: null as ConsumerMessages | null, stopped: false, loop: Promise.resolve() };
    state.loop = (async () => {
      let failures = 0;
      while (!state.stopped) {
        try {
          // Until the publisher has created its stream (it may start after this service), wait.
          await opts.bus.ensureDurable(handler.event, durable);
          const consumer = await opts.bus.js.consumers.get(stream, durable);
          const messages = await consumer.consume({ max_messages: 64, expires: PULL_EXPIRES_MS });
          state.messages = messages;
          // stop() may have run while the consumer was being set up.
          if (state.stopped) {
            void messages.close().catch(() => {});
            break;
          }
          failures = 0;
          for await (const message of messages) {
            await handle(message);
            if (state.stopped) break;
          }
        } catch (error) {
          if (state.stopped) break;
          failures += 1;
          if (failures === 1 || failures % 20 === 0)
            log.warn({ err: error, failures }, 'consumer interrupted; resuming');
          await new Promise((resolve) => setTimeout(resolve, Math.min(500 * failures, 5_000)));
        }
      }
    })();
    running.push(state);
  }

  return {
    async lag() {
      let total = 0;
      for (const { stream, durable } of durables) {
        // Not created yet: its publisher has not created the stream, so nothing waits for it.
        const info = await opts.bus.jsm.consumers.info(stream, durable).catch(() => null);
        if (info) total += info.num_pending + info.num_ack_pending;
      }
      return total;
    },
    async stop() {
      // close() settles only as the loop reads the iterator to its end, so do not await it here.
      for (const state of running) {
        state.stopped = true;
        void state.messages?.close().catch(() => {});
      }
      await Promise.allSettled(running.map((state) => state.loop));
    },
  };
}
