import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeExit, freePort, logTail, type ServerProcess, spawnServer } from '@liveedu/local-servers';
import { envPrefix, type ServiceName } from '@liveedu/platform-registry';

/**
 * A service running as its own process (`node --import tsx services/<name>/src/server.ts`), as
 * the platform runs it, on a port kept across restarts, so that a test can kill it (SIGKILL: no
 * graceful close, whatever it was doing is cut off) and start it again where the gateway expects it.
 */
export interface ServiceProcess {
  name: ServiceName;
  url: string;
  port: number;
  logFile: string;
  /** Whether the process is running now. */
  running(): boolean;
  /** Starts the process and waits for its `/readyz`; its log names why when it does not get there. */
  start(): Promise<void>;
  /** Sends the signal (SIGKILL unless told) and waits until the process is gone. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** SIGTERM, a graceful close; what the stack's `close` does. */
  stop(): Promise<void>;
}

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Reserves a port for the service; nothing runs until `start`. `env` is read at each start. */
export async function serviceProcess(
  name: ServiceName,
  env: () => Record<string, string>,
  opts: { logDir?: string; readyTimeoutMs?: number } = {},
): Promise<ServiceProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const logFile = join(opts.logDir ?? join(tmpdir(), 'liveedu-test-services'), `${name}-${port}.log`);
  let proc: ServerProcess | undefined;
  const running = () => proc !== undefined && !proc.hasExited();

  async function waitReady(started: ServerProcess): Promise<void> {
    const until = Date.now() + (opts.readyTimeoutMs ?? 60_000);
    while (Date.now() < until) {
      if (started.hasExited()) {
        throw new Error(`${name} ${describeExit(await started.exited)}; its log ends:\n${logTail(logFile)}`);
      }
      try {
        const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1000) });
        await response.arrayBuffer();
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await started.stop(5_000);
    throw new Error(`${name} was not ready within the time; its log ends:\n${logTail(logFile)}`);
  }

  return {
    name,
    url,
    port,
    logFile,
    running,
    async start() {
      if (running()) return;
      const started = spawnServer({
        name,
        command: process.execPath,
        args: ['--import', 'tsx', join(repoRoot, 'services', name, 'src', 'server.ts')],
        logFile,
        cwd: repoRoot,
        env: {
          ...process.env,
          ...env(),
          [`${envPrefix(name)}_PORT`]: String(port),
          SERVICE_HOST: '127.0.0.1',
        },
      });
      proc = started;
      await waitReady(started);
    },
    async kill(signal = 'SIGKILL') {
      if (!proc || proc.hasExited()) return;
      process.kill(proc.pid, signal);
      await proc.exited;
    },
    async stop() {
      await proc?.stop(10_000);
    },
  };
}
