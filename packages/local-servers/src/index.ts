import { installMinio, installMongo, installNats, type Log } from './install.ts';
import {
  type MinioAccount,
  type NatsUser,
  type RunningServer,
  type S3Server,
  startMinio,
  startMongo,
  startNats,
} from './servers.ts';

export {
  type InstalledServers,
  type InstallOptions,
  installFfmpeg,
  installLivekit,
  installLiveLoad,
  installMinioAccess,
  installPdftotext,
  installServers,
  LIVEKIT_VERSION,
  MINIO_VERSION,
  MONGO_JAVA_SERVER_VERSION,
  NATS_MIN_VERSION,
} from './install.ts';
export { type LivekitServer, type LivekitStartOptions, livekitConfig, startLivekit } from './livekit.ts';
export { freePort } from './ports.ts';
export {
  applyMinioAccounts,
  DEFAULT_S3_ACCESS_KEY,
  DEFAULT_S3_SECRET_KEY,
  type MinioAccount,
  type MinioStartOptions,
  type MongoStartOptions,
  type NatsServer,
  type NatsStartOptions,
  type NatsUser,
  type RunningServer,
  type S3Server,
  type StartOptions,
  startMinio,
  startMongo,
  startNats,
} from './servers.ts';

export type S3Config = Omit<S3Server, 'stop' | 'name' | 'url' | 'pid' | 'logFile'>;

export interface LocalServers {
  mongoUrl: string;
  natsUrl: string;
  s3: S3Config;
  /** Whether the NATS and S3 servers hold the users of `access` (true where this call started them). */
  access: { nats: boolean; s3: boolean };
  /** Stops the servers this call started (external ones are left alone). */
  stop(): Promise<void>;
}

function flag(value: string | undefined): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  return /^(1|true|yes|on)$/i.test(value);
}

/**
 * The external S3 server described by S3_ENDPOINT (a host, host:port or URL), S3_PORT,
 * S3_USE_SSL, S3_ACCESS_KEY and S3_SECRET_KEY; undefined when S3_ENDPOINT is unset.
 */
export function s3FromEnv(env: NodeJS.ProcessEnv): S3Config | undefined {
  const raw = env.S3_ENDPOINT?.trim();
  if (!raw) return undefined;
  let endPoint = raw;
  let port: number | undefined;
  let useSSL: boolean | undefined;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(raw)) {
    const url = new URL(raw);
    endPoint = url.hostname.replace(/^\[(.*)\]$/, '$1');
    useSSL = url.protocol === 'https:';
    if (url.port) port = Number(url.port);
  } else {
    const m = /^(.*):(\d+)$/.exec(raw);
    if (m) {
      endPoint = m[1]!;
      port = Number(m[2]);
    }
  }
  useSSL = flag(env.S3_USE_SSL) ?? useSSL ?? false;
  if (env.S3_PORT) {
    port = Number(env.S3_PORT);
    if (!Number.isInteger(port) || port <= 0 || port > 65535)
      throw new Error(`S3_PORT is not a port: ${env.S3_PORT}`);
  }
  port ??= useSSL ? 443 : 80;
  const accessKey = env.S3_ACCESS_KEY;
  const secretKey = env.S3_SECRET_KEY;
  if (!accessKey || !secretKey) {
    throw new Error('S3_ENDPOINT is set, so S3_ACCESS_KEY and S3_SECRET_KEY must be set too');
  }
  return { endPoint, port, useSSL, accessKey, secretKey };
}

export interface LocalServersOptions {
  /** Root data directory (servers keep their data in `mongo/`, `nats/`, `minio/`, logs in `logs/`). */
  dataDir: string;
  /** Defaults to process.env: MONGO_URL, NATS_URL, S3_ENDPOINT point at external servers. */
  env?: NodeJS.ProcessEnv;
  /** Storage of the embedded database: `h2` (a file, kept; the default) or `memory` (tests). */
  mongoBackend?: 'h2' | 'memory';
  /** Users given to the NATS and MinIO servers this call starts (external ones keep their own). */
  access?: { natsUsers: NatsUser[]; minioAccounts: MinioAccount[] };
  log?: Log;
}

/**
 * Starts whatever of the MongoDB-compatible server, NATS and MinIO the environment does not
 * point at already. The same dataDir keeps its data from one run to the next.
 */
export async function startLocalServers(opts: LocalServersOptions): Promise<LocalServers> {
  const env = opts.env ?? process.env;
  const log = opts.log;
  const externalMongo = env.MONGO_URL?.trim() || undefined;
  const externalNats = env.NATS_URL?.trim() || undefined;
  const externalS3 = s3FromEnv(env);

  // Install one at a time (a cold build takes both cores), then start together.
  if (!externalMongo) await installMongo({ log, env });
  if (!externalS3) await installMinio({ log });
  if (!externalNats) await installNats({ log });

  const started: RunningServer[] = [];
  const track = <T extends RunningServer>(server: T): T => {
    started.push(server);
    return server;
  };
  const stopAll = async () => {
    const errors: unknown[] = [];
    await Promise.all(started.map((s) => s.stop().catch((error: unknown) => errors.push(error))));
    started.length = 0;
    if (errors.length > 0) throw new AggregateError(errors, 'some local servers did not stop cleanly');
  };

  const results = await Promise.allSettled([
    externalMongo
      ? Promise.resolve(externalMongo)
      : startMongo({ dataDir: opts.dataDir, log, env, backend: opts.mongoBackend }).then(track),
    externalNats
      ? Promise.resolve(externalNats)
      : startNats({ dataDir: opts.dataDir, log, users: opts.access?.natsUsers }).then(track),
    externalS3
      ? Promise.resolve(externalS3)
      : startMinio({ dataDir: opts.dataDir, log, accounts: opts.access?.minioAccounts }).then(track),
  ]);
  const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failures.length > 0) {
    await stopAll().catch(() => {});
    if (failures.length === 1) throw failures[0]!.reason;
    throw new AggregateError(
      failures.map((f) => f.reason),
      `local servers failed to start:\n${failures.map((f) => String((f.reason as Error)?.message ?? f.reason)).join('\n\n')}`,
    );
  }
  const [mongo, nats, s3] = results.map((r) => (r as PromiseFulfilledResult<unknown>).value) as [
    string | RunningServer,
    string | RunningServer,
    S3Config | S3Server,
  ];
  return {
    mongoUrl: typeof mongo === 'string' ? mongo : mongo.url,
    natsUrl: typeof nats === 'string' ? nats : nats.url,
    s3: {
      endPoint: s3.endPoint,
      port: s3.port,
      useSSL: s3.useSSL,
      accessKey: s3.accessKey,
      secretKey: s3.secretKey,
    },
    access: {
      nats: !externalNats && opts.access !== undefined,
      s3: !externalS3 && opts.access !== undefined,
    },
    stop: stopAll,
  };
}
export { withLock } from './install.ts';
export {
  describeExit,
  isProcessAlive,
  logTail,
  type ServerProcess,
  type SpawnOptions,
  spawnServer,
} from './proc.ts';
