import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { installLivekit, type Log } from './install.ts';
import { canConnect, freePort } from './ports.ts';
import { logTail, spawnServer } from './proc.ts';

export interface LivekitStartOptions {
  /** Root data directory: the configuration goes to `livekit.yaml`, the log to `logs/livekit.log`. */
  dataDir: string;
  /** HTTP and WebSocket port (signalling, the server API); a free one when absent. */
  port?: number;
  /** The API key and secret tokens and webhooks are signed with; random when absent. */
  apiKey?: string;
  apiSecret?: string;
  /** Where LiveKit posts its webhooks (participant joined / left …), signed with the key. */
  webhookUrls?: string[];
  log?: Log;
}

export interface LivekitServer {
  name: 'livekit-server';
  /** The server API's address (http), for server SDKs. */
  url: string;
  /** The address browsers connect to (ws). */
  wsUrl: string;
  apiKey: string;
  apiSecret: string;
  readonly pid: number;
  logFile: string;
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 10_000;

/**
 * LiveKit's configuration for one machine: everything on 127.0.0.1, media over one UDP port (and
 * one TCP port for clients that cannot use UDP), no external IP discovery (no internet needed).
 */
export function livekitConfig(opts: {
  port: number;
  rtcTcpPort: number;
  rtcUdpPort: number;
  apiKey: string;
  apiSecret: string;
  webhookUrls: string[];
}): string {
  const lines = [
    `port: ${opts.port}`,
    'bind_addresses: ["127.0.0.1"]',
    'rtc:',
    `  tcp_port: ${opts.rtcTcpPort}`,
    `  udp_port: ${opts.rtcUdpPort}`,
    '  use_external_ip: false',
    '  node_ip: 127.0.0.1',
    'keys:',
    `  ${JSON.stringify(opts.apiKey)}: ${JSON.stringify(opts.apiSecret)}`,
    'room:',
    '  empty_timeout: 300',
    'logging:',
    '  level: warn',
  ];
  if (opts.webhookUrls.length > 0) {
    lines.push('webhook:', `  api_key: ${JSON.stringify(opts.apiKey)}`, '  urls:');
    for (const url of opts.webhookUrls) lines.push(`    - ${JSON.stringify(url)}`);
  }
  return `${lines.join('\n')}\n`;
}

/** LiveKit's media server on 127.0.0.1, configured under `dataDir`. */
export async function startLivekit(opts: LivekitStartOptions): Promise<LivekitServer> {
  const binary = await installLivekit({ log: opts.log });
  const dataDir = resolve(opts.dataDir);
  await mkdir(join(dataDir, 'logs'), { recursive: true });
  const port = opts.port ?? (await freePort());
  const [rtcTcpPort, rtcUdpPort] = [await freePort(), await freePort()];
  const apiKey = opts.apiKey ?? `LK${randomBytes(6).toString('hex')}`;
  const apiSecret = opts.apiSecret ?? randomBytes(32).toString('base64url');
  const configFile = join(dataDir, 'livekit.yaml');
  await writeFile(
    configFile,
    livekitConfig({ port, rtcTcpPort, rtcUdpPort, apiKey, apiSecret, webhookUrls: opts.webhookUrls ?? [] }),
    { mode: 0o600 },
  );
  const logFile = join(dataDir, 'logs', 'livekit.log');
  const proc = spawnServer({
    name: 'livekit-server',
    command: binary,
    args: ['--config', configFile],
    logFile,
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (proc.hasExited()) {
      throw new Error(
        `livekit-server stopped before it answered. Last lines of ${logFile}:\n${logTail(logFile)}`,
      );
    }
    if (await canConnect(port)) {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) }).catch(() => undefined);
      await res?.body?.cancel();
      if (res?.status === 200) break;
    }
    if (Date.now() > deadline) {
      await proc.stop(STOP_GRACE_MS);
      throw new Error(
        `livekit-server did not answer within ${READY_TIMEOUT_MS / 1000} s:\n${logTail(logFile)}`,
      );
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  opts.log?.(`livekit-server ready at ${url} (media on 127.0.0.1 udp ${rtcUdpPort}, tcp ${rtcTcpPort})`);
  return {
    name: 'livekit-server',
    url,
    wsUrl: `ws://127.0.0.1:${port}`,
    apiKey,
    apiSecret,
    get pid() {
      return proc.pid;
    },
    logFile,
    stop: () => proc.stop(STOP_GRACE_MS),
  };
}
