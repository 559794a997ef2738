import { createHash } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { rateLimitBucket } from '@liveedu/platform-registry';
import { jetstream } from '@nats-io/jetstream';
import { type KV, Kvm } from '@nats-io/kv';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import { natsServerOptions } from '../events/nats-connect.ts';

/**
 * Rate-limit counts kept in a NATS JetStream key-value bucket the platform already runs, so every
 * replica of the gateway (or of a service) counts the same attempts: two replicas never double a
 * limit. A key over its limit is held back for a growing time (the window, then twice it, four
 * times …, at most `MAX_HOLD_MS`), which a client learns from `Retry-After`: a soft lock-out that
 * ends by itself rather than a lock someone else could set on an account for good.
 *
 * When NATS cannot answer, each process counts on its own (the limit still holds per replica)
 * until it can again.
 */

/** The longest a key is held back after going over its limit. */
export const MAX_HOLD_MS = 15 * 60_000;
const CAS_ATTEMPTS = 12;
const KV_TIMEOUT_MS = 2_000;

/** One key's count: how many attempts, and until when they count (or it is held back). */
export interface Count {
  count: number;
  untilMs: number;
}

/** The count after one more attempt at `nowMs` (pure: the rule every store applies). */
export function nextCount(previous: Count | undefined, nowMs: number, windowMs: number, max: number): Count {
  if (!previous || previous.untilMs <= nowMs) return { count: 1, untilMs: nowMs + windowMs };
  const count = previous.count + 1;
  if (count <= max) return { count, untilMs: previous.untilMs };
  const hold = Math.min(windowMs * 2 ** (count - max - 1), MAX_HOLD_MS);
  return { count, untilMs: Math.max(previous.untilMs, nowMs + hold) };
}

export interface SharedRateLimits {
  /** The store to give `@fastify/rate-limit` (`store:`). */
  Store: FastifyRateLimitStoreCtor;
  close(): Promise<void>;
}

/** KV keys allow few characters; an address or a username may hold any. */
const keyName = (key: string) => `k${createHash('sha256').update(key).digest('hex').slice(0, 40)}`;

export function sharedRateLimits(opts: {
  natsUrl: string;
  prefix: string;
  name: string;
  log: FastifyBaseLogger;
}): SharedRateLimits {
  let connection: NatsConnection | undefined;
  let bucket: Promise<KV> | undefined;
  const local = new Map<string, Count>();
  let warned = false;

  const open = (): Promise<KV> => {
    bucket ??= (async () => {
      connection = await connect({
        ...natsServerOptions(opts.natsUrl),
        name: `${opts.name}-rate-limits`,
        maxReconnectAttempts: -1,
        reconnectTimeWait: 250,
        timeout: KV_TIMEOUT_MS,
      });
      const kvm = new Kvm(jetstream(connection, { timeout: KV_TIMEOUT_MS }));
      return kvm.create(rateLimitBucket(opts.name, opts.prefix), {
        history: 1,
        ttl: MAX_HOLD_MS + 60 * 60_000,
      });
    })().catch((error: unknown) => {
      bucket = undefined;
      throw error;
    });
    return bucket;
  };

  async function countShared(key: string, windowMs: number, max: number): Promise<Count> {
    const kv = await open();
    const name = keyName(key);
    for (let attempt = 0; attempt < CAS_ATTEMPTS; attempt += 1) {
      const entry = await kv.get(name);
      const previous =
        entry && entry.operation === 'PUT' && entry.length > 0 ? entry.json<Count>() : undefined;
      const next = nextCount(previous, Date.now(), windowMs, max);
      try {
        if (entry) await kv.update(name, JSON.stringify(next), entry.revision);
        else await kv.create(name, JSON.stringify(next));
        return next;
      } catch {
        // Another replica counted meanwhile: read again.
      }
    }
    throw new Error('the shared count kept changing');
  }

  function countLocally(key: string, windowMs: number, max: number): Count {
    const next = nextCount(local.get(key), Date.now(), windowMs, max);
    local.set(key, next);
    if (local.size > 50_000) local.delete(local.keys().next().value as string);
    return next;
  }

  class SharedStore implements FastifyRateLimitStore {
    /** Each route counts on its own, as the plugin's own store does. */
    private readonly scope: string;

    constructor(scope?: unknown) {
      this.scope = typeof scope === 'string' ? scope : '';
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
      max: number,
    ): void {
      const scoped = `${this.scope}|${key}`;
      countShared(scoped, timeWindow, max)
        .then((count) => {
          warned = false;
          return count;
        })
        .catch((error: unknown) => {
          if (!warned)
            opts.log.warn({ err: error }, 'rate limits counted in this process: NATS did not answer');
          warned = true;
          return countLocally(scoped, timeWindow, max);
        })
        .then((count) =>
          callback(null, { current: count.count, ttl: Math.max(0, count.untilMs - Date.now()) }),
        );
    }

    child(route: { method?: string | string[]; url?: string; path?: string }): FastifyRateLimitStore {
      return new SharedStore(`${String(route.method)} ${route.path ?? route.url ?? ''}`);
    }
  }

  return {
    Store: SharedStore as unknown as FastifyRateLimitStoreCtor,
    async close() {
      await connection?.drain().catch(() => connection?.close());
    },
  };
}
