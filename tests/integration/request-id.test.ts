import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@liveedu/local-servers';
import { isolation, testServerEnv, testServers } from '@liveedu/test-kit';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * One request id followed from the gateway, through the service's log, into the event the service
 * publishes — with the gateway and identity as real processes started the way the local stack
 * starts them, so what is checked is their JSON log output as an operator would read it.
 */
const repoRoot = join(import.meta.dirname, '..', '..');
const procs: { child: ChildProcess; lines: () => Record<string, unknown>[]; raw: () => string }[] = [];
let nats: NatsConnection;
let dataDir = '';
let gatewayUrl = '';
let eventPrefix = '';

function run(script: string, env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, script)], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (chunk) => {
    out += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    out += chunk;
  });
  const entry = {
    child,
    raw: () => out,
    lines: () =>
      out
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
  procs.push(entry);
  return entry;
}

async function waitFor(url: string, proc: (typeof procs)[number]): Promise<void> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (proc.child.exitCode !== null) throw new Error(`exited ${proc.child.exitCode}:\n${proc.raw()}`);
    const ok = await fetch(url, { signal: AbortSignal.timeout(1000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer:\n${proc.raw()}`);
}

beforeAll(async () => {
  const servers = testServers();
  const iso = isolation('reqid');
  eventPrefix = iso.eventPrefix;
  dataDir = await mkdtemp(join(tmpdir(), 'liveedu-reqid-'));
  const identityPort = await freePort();
  const gatewayPort = await freePort();
  const common: NodeJS.ProcessEnv = {
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    ...testServerEnv(iso, servers),
    SEED_DEMO: '0',
    ADMIN_PASSWORD: 'admin-request-id-test',
    IDENTITY_PORT: String(identityPort),
    IDENTITY_URL: `http://127.0.0.1:${identityPort}`,
    CATALOG_URL: 'none',
    PAYMENTS_URL: 'none',
    EARNINGS_URL: 'none',
    TODO_URL: 'none',
  };
  nats = await connect({ servers: servers.natsUrl });
  const identity = run('services/identity/src/server.ts', common);
  await waitFor(`http://127.0.0.1:${identityPort}/readyz`, identity);
  const gateway = run('gateway/src/server.ts', {
    ...common,
    PORT: String(gatewayPort),
    HOST_DIST_DIR: join(dataDir, 'no-front-end'),
  });
  gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  await waitFor(`${gatewayUrl}/healthz`, gateway);
}, 120_000);

afterAll(async () => {
  await nats?.close();
  for (const { child } of procs) {
    if (child.exitCode !== null) continue;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 12_000))]);
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}, 30_000);

describe('request id', () => {
  it('is made by the gateway and followed into the service log and the published event', async () => {
    const [gatewayProc, identityProc] = [procs[1], procs[0]];
    const username = `reqid${randomBytes(4).toString('hex')}`;
    const events: Record<string, unknown>[] = [];
    const subscription = nats.subscribe(`${eventPrefix}identity.user.registered`, {
      callback: (_error, message) => {
        events.push(message.json<Record<string, unknown>>());
      },
    });
    await nats.flush();

    const response = await fetch(`${gatewayUrl}/api/v1/user-signUp`, {
      method: 'POST',
      // A client cannot choose the id its request is traced under.
      headers: { 'content-type': 'application/json', 'x-request-id': 'chosen-by-the-client' },
      body: JSON.stringify({ username, email: `${username}@example.com`, password: 'Passw0rd!secret' }),
    });
    expect(response.status).toBe(201);
    const requestId = response.headers.get('x-request-id') ?? '';
    expect(requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

    const until = Date.now() + 15_000;
    const mine = () =>
      events.find((e) => (e.data as { username?: string } | undefined)?.username === username);
    while (!mine() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
    subscription.unsubscribe();
    expect(mine(), 'identity.user.registered was published').toBeDefined();
    expect(mine()?.requestId).toBe(requestId);

    const gatewayLines = gatewayProc?.lines().filter((line) => line.reqId === requestId) ?? [];
    expect(gatewayLines.length).toBeGreaterThan(0);
    expect(gatewayLines.every((line) => line.service === 'gateway')).toBe(true);
    const serviceLines = identityProc?.lines().filter((line) => line.reqId === requestId) ?? [];
    expect(serviceLines.length, identityProc?.raw().slice(-2000)).toBeGreaterThan(0);
    expect(serviceLines[0]).toMatchObject({ service: 'identity', req: { url: '/api/v1/user-signUp' } });
    expect(
      serviceLines.some((line) => (line.res as { statusCode?: number } | undefined)?.statusCode === 201),
    ).toBe(true);
    const all = [...(gatewayProc?.lines() ?? []), ...(identityProc?.lines() ?? [])];
    expect(all.some((line) => line.reqId === 'chosen-by-the-client')).toBe(false);
  });
});
