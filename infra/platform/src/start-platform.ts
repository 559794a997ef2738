import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  describeExit,
  freePort,
  logTail,
  type ServerProcess,
  spawnServer,
  startLivekit,
  startLocalServers,
} from '@liveedu/local-servers';
import {
  DEFAULT_BUCKET_PREFIX,
  envPrefix,
  HOST,
  RAZORPAY_SANDBOX,
  REMOTE_NAMES,
  remoteDir,
  type ServiceName,
  service,
  serviceStartOrder,
} from '@liveedu/platform-registry';
import { sandboxOptionsFromEnv, startRazorpaySandbox } from '@liveedu/razorpay-sandbox';
import { localAccess } from './access.ts';
import { buildFrontEnd } from './front-end.ts';
import { repoRoot } from './paths.ts';
import { buildServers, builtServer } from './server-build.ts';

/** The services in start order: each after those it calls (payments asks the catalog). */
export const SERVICE_ORDER: readonly ServiceName[] = serviceStartOrder();

export interface PlatformOptions {
  dataDir: string;
  /** The gateway's port; 0 picks a free one and every service gets a free one too. */
  port: number;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
  /** Build the front end first when its sources changed (default true). */
  buildFrontEnd?: boolean;
}

export interface Platform {
  url: string;
  services: Record<string, { url: string; process: ServerProcess }>;
  gateway: ServerProcess;
  env: NodeJS.ProcessEnv;
  /** Stops one service (to show what the site does without it) and starts it again. */
  stopService(name: string): Promise<void>;
  /** `readyTimeoutMs`: how long its start may take (default 60 s; a large catalog loads longer). */
  startService(name: string, opts?: { readyTimeoutMs?: number }): Promise<void>;
  stop(): Promise<void>;
}

/** LiveKit's usual signalling port, where the local start runs it unless LIVEKIT_PORT says otherwise. */
const LIVEKIT_PORT = 7880;

/**
 * How a Node server of the platform runs: its compiled file (built when its sources changed),
 * whose stack traces name the TypeScript line from its own source map
 * (infra/docker/own-source-map.mjs). No process loads a TypeScript compiler.
 */
const compiledServer = (dir: string) => [builtServer(dir)];

/**
 * Node's heap bound, in MiB, of a service whose registry entry sets one, where the default (a
 * share of the machine's memory) would let it grow far past what it keeps: the catalog holds its
 * listing (about 250 MiB at 100k courses, ADR 6) and otherwise lets garbage pile up to gigabytes
 * before collecting it. `<NAME>_HEAP_MB` overrides it, as in the service's image.
 */
const heapFlags = (name: string, env: NodeJS.ProcessEnv) => {
  const mb = env[`${envPrefix(name)}_HEAP_MB`] || service(name).heapMb;
  return mb ? [`--max-old-space-size=${mb}`] : [];
};

async function waitReady(name: string, url: string, proc: ServerProcess, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (proc.hasExited()) {
      throw new Error(`${name} ${describeExit(await proc.exited)}; its log ends:\n${logTail(proc.logFile)}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    `${name} did not become ready within ${timeoutMs / 1000} s; its log ends:\n${logTail(proc.logFile)}`,
  );
}

/**
 * The embedded default: local servers (or the external ones the environment names), the
 * Razorpay sandbox (unless RAZORPAY_API_URL points elsewhere), every service as its own process,
 * and the gateway serving the API and the built front end on one origin.
 */
export async function startPlatform(opts: PlatformOptions): Promise<Platform> {
  const log = opts.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const base: NodeJS.ProcessEnv = { ...process.env, ...opts.env };
  const logDir = join(opts.dataDir, 'logs');
  const stoppers: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const stop of stoppers.reverse()) await stop().catch(() => {});
    stoppers.length = 0;
  };

  try {
    if (opts.buildFrontEnd !== false) await buildFrontEnd({ log });

    // The servers started here hold each part's own user, limited as the registry says.
    const access = localAccess({
      eventPrefix: base.EVENT_PREFIX ?? '',
      bucketPrefix: base.S3_BUCKET_PREFIX ?? DEFAULT_BUCKET_PREFIX,
    });
    const servers = await startLocalServers({
      dataDir: opts.dataDir,
      env: base,
      log,
      access: { natsUsers: access.natsUsers, minioAccounts: access.storageUsers },
    });
    const ownUsers = (part: string): NodeJS.ProcessEnv => ({ ...env, ...access.envOf(part, servers.access) });
    stoppers.push(() => servers.stop());

    const gatewayPort = opts.port === 0 ? await freePort() : opts.port;
    const publicUrl = (base.PUBLIC_URL || `http://localhost:${gatewayPort}`).replace(/\/+$/, '');
    const env: NodeJS.ProcessEnv = {
      ...base,
      DATA_DIR: opts.dataDir,
      PUBLIC_URL: publicUrl,
      MONGO_URL: servers.mongoUrl,
      NATS_URL: servers.natsUrl,
      S3_ENDPOINT: `${servers.s3.useSSL ? 'https' : 'http'}://${servers.s3.endPoint}:${servers.s3.port}`,
      S3_ACCESS_KEY: servers.s3.accessKey,
      S3_SECRET_KEY: servers.s3.secretKey,
      SEED_DEMO: base.SEED_DEMO ?? '1',
      // A local trial withdraws what it earns at once; deployments keep earnings' 30-day hold.
      PAYOUT_HOLD_DAYS: base.PAYOUT_HOLD_DAYS ?? '0',
      // As in the images: two malloc arenas, so memory freed by other threads (libvips, argon2)
      // goes back to the system (the catalog holds about 25 MiB less at rest).
      MALLOC_ARENA_MAX: base.MALLOC_ARENA_MAX ?? '2',
    };

    if (!base.RAZORPAY_API_URL) {
      const sandbox = await startRazorpaySandbox({
        ...sandboxOptionsFromEnv(base),
        port: base.RAZORPAY_SANDBOX_PORT
          ? Number(base.RAZORPAY_SANDBOX_PORT)
          : opts.port === 0
            ? 0
            : RAZORPAY_SANDBOX.port,
        webhookUrl: `http://127.0.0.1:${gatewayPort}/api/v1/razorpay-webhook`,
      });
      stoppers.push(() => sandbox.stop());
      env.RAZORPAY_API_URL = sandbox.apiUrl;
      env.RAZORPAY_CHECKOUT_URL = sandbox.checkoutUrl;
      log(`Razorpay sandbox at ${sandbox.url}`);
    }

    if (!base.LIVEKIT_URL) {
      // Live classes' media server, posting who joined and left to the gateway.
      const livekit = await startLivekit({
        dataDir: opts.dataDir,
        port: base.LIVEKIT_PORT ? Number(base.LIVEKIT_PORT) : opts.port === 0 ? undefined : LIVEKIT_PORT,
        apiKey: base.LIVEKIT_API_KEY || undefined,
        apiSecret: base.LIVEKIT_API_SECRET || undefined,
        webhookUrls: [`http://127.0.0.1:${gatewayPort}/api/v1/live-webhook`],
        log,
      });
      stoppers.push(() => livekit.stop());
      env.LIVEKIT_URL = livekit.url;
      env.LIVEKIT_PUBLIC_URL = livekit.wsUrl.replace('127.0.0.1', new URL(publicUrl).hostname);
      env.LIVEKIT_API_KEY = livekit.apiKey;
      env.LIVEKIT_API_SECRET = livekit.apiSecret;
    }

    const services: Platform['services'] = {};
    const ports: Record<string, number> = {};
    for (const name of SERVICE_ORDER) {
      ports[name] = opts.port === 0 ? await freePort() : service(name).port;
      env[`${envPrefix(name)}_PORT`] = String(ports[name]);
      env[`${envPrefix(name)}_URL`] = `http://127.0.0.1:${ports[name]}`;
    }
    const present = SERVICE_ORDER.filter((name) =>
      existsSync(join(repoRoot, 'services', name, 'src', 'server.ts')),
    );
    for (const name of SERVICE_ORDER) if (!present.includes(name)) env[`${envPrefix(name)}_URL`] = 'none';
    await buildServers({ dirs: [...present.map((name) => join('services', name)), 'gateway'], log });

    const startService = async (name: string, opts: { readyTimeoutMs?: number } = {}) => {
      const proc = spawnServer({
        name,
        command: process.execPath,
        args: [...heapFlags(name, env), ...compiledServer(join('services', name))],
        logFile: join(logDir, `${name}.log`),
        env: ownUsers(name),
        cwd: repoRoot,
      });
      const url = `http://127.0.0.1:${ports[name]}`;
      services[name] = { url, process: proc };
      await waitReady(name, `${url}/readyz`, proc, opts.readyTimeoutMs);
    };
    stoppers.push(async () => {
      await Promise.all(Object.values(services).map((service) => service.process.stop()));
    });
    for (const name of present) {
      await startService(name);
      log(`${name} ready at ${services[name]?.url}`);
    }

    const gatewayEnv: NodeJS.ProcessEnv = { ...ownUsers('gateway'), PORT: String(gatewayPort) };
    for (const name of REMOTE_NAMES) {
      gatewayEnv[`MFE_${envPrefix(name)}_DIST_DIR`] = join(repoRoot, remoteDir(name), 'dist');
    }
    gatewayEnv.HOST_DIST_DIR = join(repoRoot, HOST.dir, 'dist');
    const gateway = spawnServer({
      name: 'gateway',
      command: process.execPath,
      args: compiledServer('gateway'),
      logFile: join(logDir, 'gateway.log'),
      env: gatewayEnv,
      cwd: repoRoot,
    });
    stoppers.push(() => gateway.stop());
    await waitReady('gateway', `http://127.0.0.1:${gatewayPort}/healthz`, gateway);

    return {
      url: `http://localhost:${gatewayPort}`,
      services,
      gateway,
      env,
      async stopService(name) {
        await services[name]?.process.stop();
      },
      startService,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
