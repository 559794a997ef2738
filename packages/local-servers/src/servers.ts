import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { installMinio, installMinioAccess, installMongo, installNats, type Log, run } from './install.ts';
import { mongoJavaOptions } from './mongo-java-options.ts';
import { canConnect, freePort, readGreeting } from './ports.ts';
import { describeExit, logTail, type ServerProcess, spawnServer } from './proc.ts';

export interface RunningServer {
  name: string;
  url: string;
  /** Process id of the server (changes on restart). */
  readonly pid: number;
  /** File receiving the server's stdout and stderr. */
  logFile: string;
  stop(): Promise<void>;
}

export interface S3Server extends RunningServer {
  endPoint: string;
  port: number;
  useSSL: boolean;
  accessKey: string;
  secretKey: string;
}

export interface NatsServer extends RunningServer {
  port: number;
  /** Stops the server, then starts it again on the same port and store directory. */
  restart(): Promise<void>;
  /** Stops the server but keeps its store, to be brought back by `resume()` (an outage). */
  halt(): Promise<void>;
  /** Starts a halted server again on the same port and store. */
  resume(): Promise<void>;
}

export const DEFAULT_S3_ACCESS_KEY = 'liveedu';
export const DEFAULT_S3_SECRET_KEY = 'liveedu-secret';

const READY_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 10_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

class NotReady extends Error {
  constructor(
    message: string,
    readonly portInUse: boolean,
  ) {
    super(message);
  }
}

/**
 * Waits until `check` passes. Fails with the server's log tail when the process exits first or
 * the time runs out (the process is then stopped).
 */
async function waitReady(proc: ServerProcess, what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let lastError = '';
  while (Date.now() < deadline) {
    if (proc.hasExited()) break;
    try {
      if (await check()) return;
    } catch (error) {
      lastError = (error as Error).message;
    }
    await Promise.race([sleep(150), proc.exited]);
  }
  if (proc.hasExited()) {
    const info = await proc.exited;
    const tail = logTail(proc.logFile);
    throw new NotReady(
      `${what} ${describeExit(info)} before it answered. Last lines of ${proc.logFile}:\n${tail}`,
      /address already in use|bind: /i.test(tail),
    );
  }
  await proc.stop(STOP_GRACE_MS);
  throw new NotReady(
    `${what} did not answer within ${READY_TIMEOUT_MS / 1000} s${lastError ? ` (last error: ${lastError})` : ''}. ` +
      `Last lines of ${proc.logFile}:\n${logTail(proc.logFile)}`,
    false,
  );
}

/** Starts on the given port, or on free ports with a retry when another process took the port first. */
async function onPort<T>(port: number | undefined, start: (port: number) => Promise<T>): Promise<T> {
  if (port !== undefined) return start(port);
  for (let attempt = 1; ; attempt++) {
    try {
      return await start(await freePort());
    } catch (error) {
      if (!(error instanceof NotReady && error.portInUse && attempt < 3)) throw error;
    }
  }
}

export interface StartOptions {
  /** Root data directory: the server keeps its files in a subfolder, its log in `logs/`. */
  dataDir: string;
  port?: number;
  log?: Log;
}

export interface MongoStartOptions extends StartOptions {
  /**
   * mongo-java-server's storage: `h2` keeps one file under `dataDir/mongo` between runs (the
   * platform), `memory` keeps nothing (tests). Ignored when a `mongod` is used.
   */
  backend?: 'h2' | 'memory';
  /** Maximum Java heap, e.g. `1g` (LIVEEDU_MONGO_HEAP overrides; default 1g for h2, 2g in memory). */
  heap?: string;
  /** H2's page cache in MiB (LIVEEDU_MONGO_CACHE_MB overrides; default 128). */
  cacheMb?: number;
  /** With h2: the heap is given back after this many seconds without a collection (default 60). */
  restSeconds?: number;
  env?: NodeJS.ProcessEnv;
}

/** A MongoDB-compatible server: `mongod` when one is on PATH, mongo-java-server otherwise. */
export async function startMongo(opts: MongoStartOptions): Promise<RunningServer> {
  const env = opts.env ?? process.env;
  const { mongoServer, mongod } = await installMongo({ log: opts.log, env });
  const backend = opts.backend ?? 'h2';
  const heap = env.LIVEEDU_MONGO_HEAP || opts.heap || (backend === 'memory' ? '2g' : '1g');
  if (!/^\d+[kmg]$/i.test(heap))
    throw new Error(`LIVEEDU_MONGO_HEAP must look like 512m or 2g, not '${heap}'`);
  const cacheMb = Number(env.LIVEEDU_MONGO_CACHE_MB || opts.cacheMb || 128);
  if (!Number.isInteger(cacheMb) || cacheMb < 1) {
    throw new Error(
      `LIVEEDU_MONGO_CACHE_MB must be a whole number of MiB, not '${env.LIVEEDU_MONGO_CACHE_MB}'`,
    );
  }
  const dataDir = resolve(opts.dataDir);
  const dbDir = join(dataDir, 'mongo');
  await mkdir(dbDir, { recursive: true });
  const logFile = join(dataDir, 'logs', 'mongo.log');
  return onPort(opts.port, async (port) => {
    const proc = mongod
      ? spawnServer({
          name: 'mongod',
          command: mongod,
          args: ['--dbpath', dbDir, '--bind_ip', '127.0.0.1', '--port', String(port), '--quiet'],
          logFile,
        })
      : spawnServer({
          name: 'mongo-java-server',
          command: mongoServer!,
          args: [
            '--backend',
            backend,
            '--host',
            '127.0.0.1',
            '--port',
            String(port),
            ...(backend === 'h2'
              ? [
                  '--file',
                  join(dbDir, 'liveedu.mv.db'),
                  '--cache-mb',
                  String(cacheMb),
                  ...(opts.restSeconds ? ['--rest-seconds', String(opts.restSeconds)] : []),
                ]
              : []),
          ],
          logFile,
          env: {
            ...env,
            LIVEEDU_MONGO_JAVA_OPTS: mongoJavaOptions(heap, join(dataDir, 'logs', 'mongo-gc.log')).join(' '),
          },
        });
    const url = `mongodb://127.0.0.1:${port}/`;
    await waitReady(proc, `${proc.name} on port ${port}`, async () => {
      if (!(await canConnect(port))) return false;
      return mongoPing(url);
    });
    opts.log?.(
      `${proc.name} ready at ${url} (${mongod ? `data ${dbDir}` : backend === 'h2' ? `H2 file in ${dbDir}` : 'in memory'})`,
    );
    return {
      name: proc.name,
      url,
      pid: proc.pid,
      logFile,
      stop: () => proc.stop(STOP_GRACE_MS),
    };
  });
}

async function mongoPing(url: string): Promise<boolean> {
  const { MongoClient } = await import('mongodb');
  const client = new MongoClient(url, {
    directConnection: true,
    serverSelectionTimeoutMS: 2000,
    connectTimeoutMS: 2000,
  });
  try {
    const reply = await client.db('admin').command({ ping: 1 });
    return reply.ok === 1;
  } finally {
    await client.close();
  }
}

/** A NATS user and what it may publish and subscribe to (subjects with NATS wildcards). */
export interface NatsUser {
  user: string;
  password: string;
  permissions: { publish: string[]; subscribe: string[] };
}

export interface NatsStartOptions extends StartOptions {
  /** When given, only these users may connect, each limited to its permissions. */
  users?: NatsUser[];
}

/** nats-server's configuration file: the users and their permissions (JSON is valid there). */
function natsConfig(users: NatsUser[]): string {
  return JSON.stringify(
    {
      authorization: {
        users: users.map(({ user, password, permissions }) => ({
          user,
          password,
          permissions: {
            publish: { allow: permissions.publish },
            subscribe: { allow: permissions.subscribe },
          },
        })),
      },
    },
    null,
    2,
  );
}

/** nats-server with JetStream, its store under `dataDir/nats`. */
export async function startNats(opts: NatsStartOptions): Promise<NatsServer> {
  const natsServer = await installNats({ log: opts.log });
  const dataDir = resolve(opts.dataDir);
  const storeDir = join(dataDir, 'nats');
  await mkdir(storeDir, { recursive: true });
  const logFile = join(dataDir, 'logs', 'nats.log');
  const configArgs: string[] = [];
  if (opts.users) {
    const configFile = join(dataDir, 'nats.conf');
    await writeFile(configFile, natsConfig(opts.users), { mode: 0o600 });
    configArgs.push('-c', configFile);
  }

  const launch = async (port: number): Promise<ServerProcess> => {
    const proc = spawnServer({
      name: 'nats-server',
      command: natsServer,
      args: [...configArgs, '-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir],
      logFile,
    });
    await waitReady(proc, `nats-server on port ${port}`, async () => {
      if (!(await canConnect(port))) return false;
      const line = await readGreeting(port);
      if (!line.startsWith('INFO ')) throw new Error(`unexpected greeting: ${line.slice(0, 200)}`);
      const info = JSON.parse(line.slice(5)) as { jetstream?: boolean };
      if (info.jetstream !== true) throw new Error('nats-server answers but JetStream is not enabled');
      return true;
    });
    return proc;
  };

  let port = 0;
  let proc = await onPort(opts.port, async (p) => {
    const started = await launch(p);
    port = p;
    return started;
  });
  const url = `nats://127.0.0.1:${port}`;
  opts.log?.(
    `nats-server ready at ${url} (JetStream store ${storeDir}${opts.users ? `; ${opts.users.length} users` : ''})`,
  );
  const server: NatsServer = {
    name: 'nats-server',
    url,
    port,
    logFile,
    get pid() {
      return proc.pid;
    },
    stop: () => proc.stop(STOP_GRACE_MS),
    halt: () => proc.stop(STOP_GRACE_MS),
    async restart() {
      await server.halt();
      await server.resume();
    },
    async resume() {
      if (!proc.hasExited()) return;
      // the port was just released; give the kernel a moment if it is still busy
      for (let attempt = 1; ; attempt++) {
        try {
          proc = await launch(port);
          return;
        } catch (error) {
          if (!(error instanceof NotReady && error.portInUse && attempt < 10)) throw error;
          await sleep(300);
        }
      }
    },
  };
  return server;
}

/** A MinIO user of its own, limited by a named policy (an S3 IAM policy document). */
export interface MinioAccount {
  accessKey: string;
  secretKey: string;
  policy: string;
  document: object;
}

export interface MinioStartOptions extends StartOptions {
  accessKey?: string;
  secretKey?: string;
  /** Users created (or updated) once the server is ready, each limited to its policy. */
  accounts?: MinioAccount[];
}

/**
 * Creates or updates MinIO users with their policies (`infra/minio-access`, MinIO's admin API),
 * signed with the root credentials.
 */
export async function applyMinioAccounts(
  server: Pick<S3Server, 'endPoint' | 'port' | 'useSSL' | 'accessKey' | 'secretKey'>,
  accounts: MinioAccount[],
  log?: Log,
): Promise<void> {
  const tool = await installMinioAccess({ log });
  const plan = JSON.stringify({
    endpoint: `${server.endPoint}:${server.port}`,
    secure: server.useSSL,
    accounts,
  });
  await run(tool, [], {
    env: { ...process.env, MINIO_ROOT_USER: server.accessKey, MINIO_ROOT_PASSWORD: server.secretKey },
    input: plan,
  });
}

/** MinIO, its data under `dataDir/minio`. */
export async function startMinio(opts: MinioStartOptions): Promise<S3Server> {
  const minio = await installMinio({ log: opts.log });
  const accessKey = opts.accessKey ?? DEFAULT_S3_ACCESS_KEY;
  const secretKey = opts.secretKey ?? DEFAULT_S3_SECRET_KEY;
  const dataDir = resolve(opts.dataDir);
  const storeDir = join(dataDir, 'minio');
  const certsDir = join(dataDir, 'minio-certs');
  await mkdir(storeDir, { recursive: true });
  const logFile = join(dataDir, 'logs', 'minio.log');
  return onPort(opts.port, async (port) => {
    const consolePort = await freePort();
    const proc = spawnServer({
      name: 'minio',
      command: minio,
      args: [
        'server',
        storeDir,
        '--address',
        `127.0.0.1:${port}`,
        '--console-address',
        `127.0.0.1:${consolePort}`,
        '--certs-dir',
        certsDir,
      ],
      logFile,
      env: {
        ...process.env,
        MINIO_ROOT_USER: accessKey,
        MINIO_ROOT_PASSWORD: secretKey,
        MINIO_BROWSER: 'off',
        MINIO_UPDATE: 'off',
      },
    });
    const url = `http://127.0.0.1:${port}`;
    await waitReady(proc, `minio on port ${port}`, async () => {
      if (!(await canConnect(port))) return false;
      const res = await fetch(`${url}/minio/health/ready`, { signal: AbortSignal.timeout(2000) });
      await res.body?.cancel();
      return res.status === 200;
    });
    const server: S3Server = {
      name: 'minio',
      url,
      pid: proc.pid,
      logFile,
      endPoint: '127.0.0.1',
      port,
      useSSL: false,
      accessKey,
      secretKey,
      stop: () => proc.stop(STOP_GRACE_MS),
    };
    if (opts.accounts?.length) {
      try {
        await applyMinioAccounts(server, opts.accounts, opts.log);
      } catch (error) {
        await server.stop();
        throw error;
      }
    }
    opts.log?.(
      `minio ready at ${url} (data ${storeDir}${opts.accounts?.length ? `; ${opts.accounts.length} users` : ''})`,
    );
    return server;
  });
}
