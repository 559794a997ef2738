/**
 * What tests of several gateway replicas ask: whether a gateway follows identity's events, how
 * often identity was asked for a user's access, and how long a change takes to apply.
 */
import { buildGateway } from '@liveedu/gateway';
import type { Service } from '@liveedu/service-kit';
import type { FastifyInstance } from 'fastify';
import { type ApiResponse, eventually, type StackOptions, startTestStack, type TestStack } from './stack.ts';

export const portOf = (service: Service | undefined) => {
  if (!service) throw new Error('the service is not running');
  return (service.app.server.address() as { port: number }).port;
};

/** How many times identity has been asked for a user's access, from its own request metrics. */
export async function accessLookups(identity: Service | undefined): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${portOf(identity)}/metrics`)).text();
  let total = 0;
  for (const match of text.matchAll(
    /^http_requests_total\{[^}]*route="\/internal\/users\/:id\/access"[^}]*\} (\d+)$/gm,
  )) {
    total += Number(match[1]);
  }
  return total;
}

/** Identity records a request once it has answered; give that a moment before reading. */
export async function lookupsSettled(identity: Service | undefined): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 150));
  return accessLookups(identity);
}

async function eventsLive(base: string): Promise<boolean> {
  const text = await (await fetch(`${base}/metrics`)).text();
  return /^gateway_access_events_live\{[^}]*\} 1$/m.test(text);
}

/**
 * Calls until one is answered without asking identity, i.e. from the cache. Events about the
 * user still on their way (say, from an application just made) would otherwise empty the
 * entry in the middle of a test.
 */
export async function untilCached(
  identity: Service | undefined,
  call: () => Promise<ApiResponse>,
): Promise<ApiResponse> {
  return eventually(
    async () => {
      const before = await lookupsSettled(identity);
      const response = await call();
      return (await lookupsSettled(identity)) === before ? response : undefined;
    },
    10_000,
    'an answer from the cache',
  );
}

export const waitLive = (base: string, live = true) =>
  eventually(
    async () => ((await eventsLive(base)) === live ? true : undefined),
    20_000,
    `the gateway at ${base} ${live ? 'following' : 'no longer following'} user events`,
  );

/** Calls until `done` holds or `ms` pass; the last answer and how long it took. */
export async function within(
  ms: number,
  call: () => Promise<ApiResponse>,
  done: (response: ApiResponse) => boolean,
): Promise<{ response: ApiResponse; elapsed: number }> {
  const started = Date.now();
  for (;;) {
    const response = await call();
    const elapsed = Date.now() - started;
    if (done(response) || elapsed > ms) return { response, elapsed };
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * A second gateway replica beside the stack's, built from the stack's gateway configuration, on
 * the same services and NATS; answers once both follow identity's events.
 */
export async function secondReplica(
  stack: TestStack,
): Promise<{ replica: FastifyInstance; a: string; b: string }> {
  const replica = await buildGateway({ ...stack.gatewayConfig });
  const b = await replica.listen({ host: '127.0.0.1', port: 0 });
  await waitLive(stack.url);
  await waitLive(b);
  return { replica, a: stack.url, b };
}

/** A stack whose gateway (`a`) has a second replica beside it (`b`); `close` closes both. */
export type ReplicatedStack = TestStack & { a: string; b: string };

/** Starts the stack and its second gateway replica, both following identity's events. */
export async function startReplicatedStack(opts: StackOptions): Promise<ReplicatedStack> {
  const stack = await startTestStack(opts);
  const closeStack = stack.close;
  try {
    const { replica, a, b } = await secondReplica(stack);
    return Object.assign(stack, {
      a,
      b,
      async close() {
        await replica.close();
        await closeStack();
      },
    });
  } catch (error) {
    await closeStack();
    throw error;
  }
}
