import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MinioAccount, NatsServer, NatsUser, RunningServer, S3Server } from '@liveedu/local-servers';
import { startMinio, startMongo, startNats } from '@liveedu/local-servers';
import { onTestFinished } from 'vitest';
import type { TestS3 } from './index.ts';

/**
 * Servers of a test's own, for tests that stop or restart them: each keeps its data in a temp
 * dir, which stopping it removes; started inside a test, it is stopped when the test ends.
 */

const privateDirs = new Set<string>();
let exitHook = false;

async function privateDir(): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), 'liveedu-private-'));
  privateDirs.add(dataDir);
  if (!exitHook) {
    exitHook = true;
    process.once('exit', () => {
      for (const dir of privateDirs) rmSync(dir, { recursive: true, force: true });
    });
  }
  return dataDir;
}

async function dropDir(dataDir: string): Promise<void> {
  privateDirs.delete(dataDir);
  await rm(dataDir, { recursive: true, force: true });
}

/** Starts a server in a private dir; its `stop` also removes the dir, once. */
async function inPrivateDir<T extends { stop(): Promise<void> }>(
  start: (dataDir: string) => Promise<T>,
): Promise<T> {
  const dataDir = await privateDir();
  let server: T;
  try {
    server = await start(dataDir);
  } catch (error) {
    await dropDir(dataDir);
    throw error;
  }
  const stopServer = server.stop.bind(server);
  let stopped = false;
  server.stop = async () => {
    if (stopped) return;
    stopped = true;
    await stopServer();
    await dropDir(dataDir);
  };
  try {
    onTestFinished(() => server.stop());
  } catch {
    // not inside a test (e.g. beforeAll): the caller stops it, or process exit does
  }
  return server;
}

/** A nats-server of its own (JetStream on, store in a temp dir; only `users` may connect when given). */
export function startPrivateNats(opts: { users?: NatsUser[] } = {}): Promise<NatsServer> {
  return inPrivateDir((dataDir) => startNats({ dataDir, users: opts.users }));
}

/** A server a test takes away (`halt`) and brings back (`resume`) on the same port, its data kept. */
export interface PrivateServer {
  url: string;
  /** Stops the server gracefully (SIGTERM), keeping its data. */
  halt(): Promise<void>;
  /** Starts it again on the same port, with the data it had. */
  resume(): Promise<void>;
  /** Stops it for good and removes its data. */
  stop(): Promise<void>;
}

/** Runs `start` on a port of its own again and again; `halt`/`resume` take it away and back. */
async function haltable<S extends RunningServer>(
  dataDir: string,
  start: (port?: number) => Promise<S>,
): Promise<PrivateServer & { current(): S }> {
  let server: S | undefined = await start();
  const port = Number(new URL(server.url).port);
  const first = server;
  return {
    url: server.url,
    current: () => server ?? first,
    async halt() {
      await server?.stop();
      server = undefined;
    },
    async resume() {
      if (server) return;
      // the port was just released; give the kernel a moment if it is still busy
      for (let attempt = 1; ; attempt++) {
        try {
          server = await start(port);
          return;
        } catch (error) {
          if (attempt >= 10) throw new Error(`could not start again in ${dataDir}`, { cause: error });
          await new Promise((resolve) => setTimeout(resolve, 300));
        }
      }
    },
    async stop() {
      await server?.stop();
      server = undefined;
    },
  };
}

/**
 * A MongoDB-compatible server of its own that keeps its data across a restart (mongo-java-server
 * with its H2 file, or `mongod` when one is on PATH).
 */
export function startPrivateMongo(): Promise<PrivateServer> {
  return inPrivateDir((dataDir) =>
    haltable(dataDir, (port) =>
      startMongo({ dataDir, backend: 'h2', heap: '256m', ...(port ? { port } : {}) }),
    ),
  );
}

/**
 * A MinIO of its own (with the root credentials given, as an operator sets them, or the local
 * ones); `s3` is what the services' storage configuration takes.
 */
export async function startPrivateMinio(
  credentials: { accessKey?: string; secretKey?: string; accounts?: MinioAccount[] } = {},
): Promise<PrivateServer & { s3: TestS3 }> {
  return inPrivateDir(async (dataDir) => {
    const server = await haltable<S3Server>(dataDir, (port) =>
      startMinio({ dataDir, ...credentials, ...(port ? { port } : {}) }),
    );
    const { endPoint, port, useSSL, accessKey, secretKey } = server.current();
    return Object.assign(server, { s3: { endPoint, port, useSSL, accessKey, secretKey } });
  });
}
