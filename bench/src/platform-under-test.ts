/** The platform the bench measures: started as `npm start` starts it, with the bench's settings. */
import { type Platform, startPlatform } from '@liveedu/platform';
import type { RazorpaySandbox } from '@liveedu/razorpay-sandbox';
import { childrenOf } from './memory.ts';

/** Secrets of this run only: the bench signs the gateway's identity header for direct calls. */
export const INTERNAL_SECRET = 'bench-internal-secret-0123456789abcdef';
const JWT_SECRET = 'bench-jwt-secret-0123456789abcdef0123';
/** The largest rate limit the settings accept: far beyond what a run sends in a minute. */
const UNLIMITED = '1000000';
/** The sandbox's default test key (startRazorpaySandbox without keys). */
export const SANDBOX_KEY_ID = 'rzp_test_liveedu';

export interface MeasuredProcess {
  name: string;
  pid: number;
}

export function startBenchPlatform(opts: {
  dataDir: string;
  sandbox: RazorpaySandbox;
  log: (line: string) => void;
  /** Settings of this run on top of the bench's own (the soak sets the admin's password). */
  env?: NodeJS.ProcessEnv;
}): Promise<Platform> {
  return startPlatform({
    dataDir: opts.dataDir,
    port: 0,
    buildFrontEnd: false,
    log: (line) => opts.log(`  ${line}`),
    env: {
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: UNLIMITED,
      LOGIN_RATE_LIMIT_PER_USERNAME: UNLIMITED,
      FORGOT_PASSWORD_RATE_LIMIT_PER_EMAIL: UNLIMITED,
      INTERNAL_SECRET,
      JWT_SECRET,
      RAZORPAY_API_URL: opts.sandbox.apiUrl,
      RAZORPAY_CHECKOUT_URL: opts.sandbox.checkoutUrl,
      ...opts.env,
    },
  });
}

/**
 * The gateway, each service and the data servers the platform started (not the load
 * generator): what the memory and CPU figures are of.
 */
export function measuredProcesses(platform: Platform | null, loadPid: number | undefined): MeasuredProcess[] {
  if (!platform) return [];
  const known = [
    { name: 'gateway', pid: platform.gateway.pid },
    ...Object.entries(platform.services).map(([name, s]) => ({ name, pid: s.process.pid })),
  ];
  const pids = new Set([...known.map((p) => p.pid), loadPid]);
  const servers = childrenOf(process.pid)
    .filter((p) => !pids.has(p.pid) && /^(java|mongod|minio|nats-server)$/.test(p.name))
    // the database launcher execs the JVM, so its process is named java
    .map((p) => ({
      name: `${p.name === 'java' ? 'mongo-java-server' : p.name} (data server)`,
      pid: p.pid,
    }));
  return [...known, ...servers];
}

/**
 * The catalog reads its listing at start, so after writing courses straight into its database
 * the bench starts it again, as a deployment would; answers how long that start took, in seconds.
 */
export async function restartCatalog(platform: Platform): Promise<number> {
  await platform.stopService('catalog');
  const at = performance.now();
  await platform.startService('catalog', { readyTimeoutMs: 5 * 60_000 });
  return (performance.now() - at) / 1000;
}
