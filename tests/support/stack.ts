import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildGateway, type GatewayConfig, loadGatewayConfig, type ServiceName } from '@liveedu/gateway';
import { freePort, type LivekitServer, startLivekit } from '@liveedu/local-servers';
import { type RazorpaySandbox, startRazorpaySandbox } from '@liveedu/razorpay-sandbox';
import {
  type CreateServiceOptions,
  createService,
  type Service,
  type ServiceDefinition,
} from '@liveedu/service-kit';
import {
  type Isolation,
  isolation,
  type TestS3,
  type TestServers,
  testServerEnv,
  testServers,
} from '@liveedu/test-kit';
import type { FastifyInstance } from 'fastify';
import { onTestFinished } from 'vitest';
import { type ServiceProcess, serviceProcess } from './service-process.ts';

export interface StackOptions {
  /** Which services run; the others answer 503 at the gateway, as they would if down. */
  services: Partial<Record<ServiceName, ServiceDefinition>>;
  env?: Record<string, string>;
  /**
   * Services that run as their own processes (`services/<name>/src/server.ts`), on ports kept
   * across restarts, started once the gateway listens; a test may kill and start them again.
   */
  processes?: ServiceName[];
  /** Another NATS than the shared one (e.g. a private one a test stops and restarts). */
  natsUrl?: string;
  /** Another database server than the shared one (e.g. a private one a test restarts). */
  mongoUrl?: string;
  /** Another S3 server than the shared one (e.g. a private MinIO a test stops). */
  s3?: TestS3;
  gateway?: (config: GatewayConfig) => void;
  /**
   * Starts a Razorpay sandbox with its own key pair and webhook secret, passes the RAZORPAY_*
   * variables and PUBLIC_URL (the gateway's URL) to the services, and points the sandbox's
   * webhooks at the gateway's `/api/v1/razorpay-webhook`.
   */
  razorpay?: boolean;
  /**
   * Starts a LiveKit media server of the stack's own (a key pair of its own, webhooks to the
   * gateway's `/api/v1/live-webhook`) and passes the LIVEKIT_* variables to the services.
   */
  livekit?: boolean;
}

/** The stack's media server: its API (`url`), where browsers connect (`wsUrl`) and its key pair. */
export type StackLivekit = Pick<LivekitServer, 'url' | 'wsUrl' | 'apiKey' | 'apiSecret' | 'logFile'>;

/** The stack's Razorpay sandbox and the credentials the services were given. */
export interface StackRazorpay extends RazorpaySandbox {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Where the sandbox posts webhooks: the gateway's webhook route. */
  webhookUrl: string;
}

export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

export interface Session {
  _id: string;
  token: string;
  username: string;
  password: string;
  email: string;
}

export interface TestStack {
  url: string;
  services: Partial<Record<ServiceName, Service>>;
  /** The services started as processes (`processes`). */
  processes: Partial<Record<ServiceName, ServiceProcess>>;
  gateway: FastifyInstance;
  /** What the stack's gateway was built with (after `gateway`); another replica is built from it. */
  gatewayConfig: GatewayConfig;
  env: Record<string, string>;
  /** The names (databases, subjects, buckets) the stack's services use on the servers. */
  iso: Isolation;
  /** The servers the stack's services use. */
  servers: TestServers;
  /** Present when started with `razorpay: true`. */
  razorpay?: StackRazorpay;
  /** Present when started with `livekit: true`. */
  livekit?: StackLivekit;
  call<T = Record<string, unknown>>(
    method: string,
    path: string,
    opts?: CallOptions,
  ): Promise<ApiResponse<T>>;
  /** Signs up a fresh student and logs in. */
  newUser(prefix?: string): Promise<Session>;
  login(username: string, password: string): Promise<Session>;
  /** Logs in the `admin` account with the stack's ADMIN_PASSWORD. */
  loginAdmin(): Promise<Session>;
  close(): Promise<void>;
}

let counter = 0;

/**
 * The platform as a client sees it: the chosen services on their own ports against the shared
 * test servers (with names no other test uses), behind a real gateway.
 */
export async function startTestStack(opts: StackOptions): Promise<TestStack> {
  const servers: TestServers = {
    ...testServers(),
    ...(opts.mongoUrl ? { mongoUrl: opts.mongoUrl } : {}),
    ...(opts.natsUrl ? { natsUrl: opts.natsUrl } : {}),
    ...(opts.s3 ? { s3: opts.s3 } : {}),
  };
  const iso = isolation();
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
    ADMIN_PASSWORD: 'admin-test-password',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    LOGIN_RATE_LIMIT_PER_USERNAME: '1000',
    SEED_DEMO: '0',
    // Earnings' payout hold as shipped (its default, 30 days), whatever the shell sets: an empty
    // value counts as unset. Tests that withdraw at once date their sales past it.
    PAYOUT_HOLD_DAYS: '',
    ...opts.env,
  };
  const razorpay = opts.razorpay ? await startStackRazorpay() : undefined;
  if (razorpay) {
    Object.assign(env, {
      RAZORPAY_KEY_ID: razorpay.keyId,
      RAZORPAY_KEY_SECRET: razorpay.keySecret,
      RAZORPAY_WEBHOOK_SECRET: razorpay.webhookSecret,
      RAZORPAY_API_URL: razorpay.apiUrl,
      RAZORPAY_CHECKOUT_URL: razorpay.checkoutUrl,
      ...opts.env,
    });
  }
  // The gateway's port is chosen first when LiveKit must know where to post its webhooks.
  const gatewayPort = opts.livekit ? await freePort() : 0;
  const livekitDir = join(tmpdir(), `liveedu-livekit-${process.pid}-${randomBytes(4).toString('hex')}`);
  const stopLivekit = async () => {
    await livekit?.stop();
    await rm(livekitDir, { recursive: true, force: true });
  };
  const livekit = opts.livekit
    ? await startLivekit({
        dataDir: livekitDir,
        webhookUrls: [`http://127.0.0.1:${gatewayPort}/api/v1/live-webhook`],
      })
    : undefined;
  if (livekit) {
    Object.assign(env, {
      LIVEKIT_URL: livekit.url,
      LIVEKIT_PUBLIC_URL: livekit.wsUrl,
      LIVEKIT_API_KEY: livekit.apiKey,
      LIVEKIT_API_SECRET: livekit.apiSecret,
      ...opts.env,
    });
  }
  // Each service started so far is reachable by later ones at `<NAME>_URL` (start a service
  // after those it calls); a test's own env still wins.
  const serviceUrls: Record<string, string> = {};
  const serviceOptions = (name: string): CreateServiceOptions => ({
    env: { ...process.env, ...serviceUrls, ...env },
    config: {
      host: '127.0.0.1',
      port: 0,
      dbName: iso.dbName(name),
      mongoUrl: servers.mongoUrl,
      natsUrl: servers.natsUrl,
      eventPrefix: iso.eventPrefix,
      s3: {
        ...servers.s3,
        bucketPrefix: iso.bucketPrefix,
        publicUrl: 'http://gateway.invalid/files',
      },
    },
  });

  const services: Partial<Record<ServiceName, Service>> = {};
  const urls: Partial<Record<ServiceName, string>> = {};
  const processes: Partial<Record<ServiceName, ServiceProcess>> = {};
  let closeGateway = async () => {};
  let gatewayUrl = '';
  const stopProcesses = () => Promise.allSettled(Object.values(processes).map((p) => p.stop()));
  try {
    for (const name of opts.processes ?? []) {
      const child = await serviceProcess(name, () => ({
        ...testServerEnv(iso, servers),
        // Files are fetched through the gateway, as from the services in this process.
        ...(gatewayUrl ? { S3_PUBLIC_URL: `${gatewayUrl}/files` } : {}),
        ...serviceUrls,
        ...env,
      }));
      processes[name] = child;
      urls[name] = child.url;
      serviceUrls[`${name.toUpperCase()}_URL`] = child.url;
    }
    for (const [name, def] of Object.entries(opts.services) as [ServiceName, ServiceDefinition][]) {
      const service = await createService(def, serviceOptions(name));
      services[name] = service;
      const listening = await service.listen();
      urls[name] = listening;
      serviceUrls[`${name.toUpperCase()}_URL`] = listening;
    }
    const config = loadGatewayConfig({ ...process.env, ...env, PORT: '0' });
    config.services = urls;
    config.filesUpstream = `${servers.s3.useSSL ? 'https' : 'http'}://${servers.s3.endPoint}:${servers.s3.port}`;
    config.publicBucketPrefix = iso.bucketPrefix;
    config.natsUrl = servers.natsUrl;
    config.eventPrefix = iso.eventPrefix;
    opts.gateway?.(config);
    const gateway = await buildGateway(config);
    closeGateway = () => gateway.close();
    const url = await gateway.listen({ host: '127.0.0.1', port: gatewayPort });
    gatewayUrl = url;
    for (const service of Object.values(services)) {
      service.app.config.s3.publicUrl = `${url}/files`;
    }
    if (razorpay) {
      // Pages the services redirect browsers to (payment results) are the gateway's.
      const publicUrl = opts.env?.PUBLIC_URL ?? url;
      env.PUBLIC_URL = publicUrl;
      for (const service of Object.values(services)) service.app.config.publicUrl = publicUrl;
      razorpay.webhookUrl = `${url}/api/v1/razorpay-webhook`;
      razorpay.setWebhookUrl(razorpay.webhookUrl);
    }
    for (const child of Object.values(processes)) await child.start();

    const stack: TestStack = {
      url,
      services,
      processes,
      gateway,
      gatewayConfig: config,
      env,
      iso,
      servers,
      ...(razorpay ? { razorpay } : {}),
      ...(livekit ? { livekit } : {}),
      call: (method, path, callOpts = {}) => callGateway(url, method, path, callOpts),
      async login(username, password) {
        const response = await stack.call<{ _id: string; token: string; message: string }>(
          'POST',
          '/api/v1/login',
          {
            body: { username, password },
          },
        );
        if (response.status !== 200)
          throw new Error(`log-in of ${username} failed: ${JSON.stringify(response.body)}`);
        return { _id: response.body._id, token: response.body.token, username, password, email: '' };
      },
      loginAdmin() {
        return stack.login('admin', env.ADMIN_PASSWORD as string);
      },
      async newUser(prefix = 'user') {
        counter += 1;
        const username = `${prefix}${counter}${Math.random().toString(36).slice(2, 7)}`;
        const email = `${username}@example.com`;
        const password = 'correct horse battery';
        const signUp = await stack.call('POST', '/api/v1/user-signUp', {
          body: { username, email, password },
        });
        if (signUp.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(signUp.body)}`);
        const session = await stack.login(username, password);
        return { ...session, email };
      },
      async close() {
        razorpay?.setWebhookUrl(undefined);
        await gateway.close();
        await Promise.allSettled(Object.values(services).map((service) => service.close()));
        await stopProcesses();
        await razorpay?.stop();
        await stopLivekit();
      },
    };
    return stack;
  } catch (error) {
    await closeGateway().catch(() => {});
    await Promise.allSettled(Object.values(services).map((service) => service.close()));
    await stopProcesses();
    await razorpay?.stop().catch(() => {});
    await stopLivekit().catch(() => {});
    throw error;
  }
}

/**
 * A stack for the running test alone, closed when the test ends, before any private server the
 * test started earlier (`startPrivateNats` and the like) is stopped.
 */
export async function startStackForTest(opts: StackOptions): Promise<TestStack> {
  const stack = await startTestStack(opts);
  onTestFinished(() => stack.close());
  return stack;
}

export interface CallOptions {
  body?: unknown;
  as?: Session;
  headers?: Record<string, string>;
  raw?: RequestInit['body'];
}

/**
 * A call of the API at the gateway `base` (the stack's, or another one on the same servers), as
 * a client makes it: JSON in, the user's token and `id` header, redirects answered, not followed.
 */
export async function callGateway<T = Record<string, unknown>>(
  base: string,
  method: string,
  path: string,
  opts: CallOptions = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.as) {
    headers.authorization = `Bearer ${opts.as.token}`;
    headers.id = opts.as._id;
  }
  let body: RequestInit['body'] = opts.raw;
  if (opts.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(opts.body);
  }
  const response = await fetch(`${base}${path}`, { method, headers, body, redirect: 'manual' });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: parsed as T, headers: response.headers };
}

/**
 * The stack, once started, with what `prepare` makes on it (for a file's `beforeAll`): users,
 * courses. When `prepare` fails the stack is closed again, as no `afterAll` holds it yet.
 */
export async function preparedStack<S extends TestStack, T extends object>(
  starting: Promise<S>,
  prepare: (stack: S) => Promise<T>,
): Promise<{ stack: S } & T> {
  const stack = await starting;
  try {
    return { stack, ...(await prepare(stack)) };
  } catch (error) {
    await stack.close();
    throw error;
  }
}

/** The stack with its admin logged in (for a file's `beforeAll`). */
export function withAdmin<S extends TestStack>(starting: Promise<S>): Promise<{ stack: S; admin: Session }> {
  return preparedStack(starting, async (stack) => ({ admin: await stack.loginAdmin() }));
}

/** A sandbox with a key pair and webhook secret of its own; webhooks are pointed once the gateway listens. */
async function startStackRazorpay(): Promise<StackRazorpay> {
  const keyId = `rzp_test_${randomBytes(7).toString('hex')}`;
  const keySecret = randomBytes(18).toString('base64url');
  const webhookSecret = randomBytes(18).toString('base64url');
  const sandbox = await startRazorpaySandbox({ keys: [{ id: keyId, secret: keySecret }], webhookSecret });
  return Object.assign(sandbox, { keyId, keySecret, webhookSecret, webhookUrl: '' });
}

/** Polls until `check` returns a value (not undefined), or fails after `ms`. */
export async function eventually<T>(
  check: () => Promise<T | undefined>,
  ms = 15_000,
  what = 'condition',
): Promise<T> {
  const until = Date.now() + ms;
  let last: unknown;
  while (Date.now() < until) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
}
