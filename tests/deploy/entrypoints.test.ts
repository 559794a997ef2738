import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildFrontEnd, SERVICE_ORDER } from '@liveedu/platform';
import { isolation, testServers } from '@liveedu/test-kit';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  COMPONENTS,
  loadCompose,
  parseDockerfile,
  parseEnvFile,
  REMOTES,
  read,
  repoRoot,
  stageEnv,
} from './support.ts';

/**
 * Each image's entrypoint started natively, as the container would start it: the same script,
 * the image's ENV plus the compose file's environment, with only what a machine without a
 * container engine must change — the addresses (the test servers instead of the mongo, nats and
 * minio containers, free local ports instead of container names) and names private to this file.
 * Then the image's own HEALTHCHECK command must pass, and the platform answers through the host.
 */

// Dependencies first, as compose's health-gated order starts them.
const ORDER = [
  'razorpay-sandbox',
  ...SERVICE_ORDER,
  'gateway',
  ...REMOTES.map((remote) => `mfe-${remote}`),
  'host',
];
const PORT_VARIABLE: Record<string, string> = {
  gateway: 'PORT',
  'razorpay-sandbox': 'RAZORPAY_SANDBOX_PORT',
};

// What an operator does after `cp .env.example .env`: replace the secrets.
const exampleEnv = parseEnvFile(read('.env.example'));
const operatorEnv = {
  ...exampleEnv,
  INTERNAL_SECRET: randomBytes(32).toString('hex'),
  JWT_SECRET: randomBytes(32).toString('hex'),
  ADMIN_PASSWORD: randomBytes(12).toString('hex'),
  RAZORPAY_KEY_SECRET: randomBytes(16).toString('hex'),
  RAZORPAY_WEBHOOK_SECRET: randomBytes(16).toString('hex'),
};
let compose = loadCompose(operatorEnv);
const ports: Record<string, number> = {};
const running: { name: string; child: ChildProcess; output: () => string }[] = [];
let dataDir = '';

/**
 * A free port below the kernel's ephemeral range (32768 and up), which is where every `port 0`
 * listener of the other test files and the browser tests' platform gets its port: the components
 * here bind long after their ports are chosen, and must not find someone else there.
 */
async function portOutsideEphemeralRange(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 10_000);
    if (Object.values(ports).includes(port)) continue;
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

function portVariable(name: string, kind: 'node' | 'web'): string {
  return PORT_VARIABLE[name] ?? (kind === 'web' ? 'PORT' : `${name.toUpperCase()}_PORT`);
}

/** Container names in URLs (http://catalog:8082) become the local address of that component. */
function localAddresses(value: string): string {
  return value.replace(/\/\/([a-z][a-z0-9-]*):(\d+)/g, (all, host: string) =>
    ports[host] ? `//127.0.0.1:${ports[host]}` : all,
  );
}

function environmentOf(name: string): NodeJS.ProcessEnv {
  const component = COMPONENTS.find((c) => c.name === name);
  if (!component) throw new Error(`unknown component ${name}`);
  const imageEnv = stageEnv(parseDockerfile(read(`${component.dir}/Dockerfile`)).stages.at(-1) as never);
  const composeEnv = compose.services[name]?.environment ?? {};
  const servers = testServers();
  const iso = isolation(name.replace(/[^a-z]/g, ''));
  const port = ports[name] as number;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    ...imageEnv,
    ...Object.fromEntries(Object.entries(composeEnv).map(([k, v]) => [k, localAddresses(String(v ?? ''))])),
  };
  Object.assign(env, {
    [portVariable(name, component.kind)]: String(port),
    HEALTHCHECK_URL: (imageEnv.HEALTHCHECK_URL ?? '').replace(/:\d+\//, `:${port}/`),
    // Listen on loopback only; images listen on every interface of their container.
    HOST: '127.0.0.1',
    SERVICE_HOST: '127.0.0.1',
    RAZORPAY_SANDBOX_HOST: '127.0.0.1',
  });
  if (component.kind === 'node' && name !== 'razorpay-sandbox') {
    Object.assign(env, {
      MONGO_URL: servers.mongoUrl,
      NATS_URL: servers.natsUrl,
      S3_ENDPOINT: `${servers.s3.useSSL ? 'https' : 'http'}://${servers.s3.endPoint}:${servers.s3.port}`,
      S3_ACCESS_KEY: servers.s3.accessKey,
      S3_SECRET_KEY: servers.s3.secretKey,
      MONGO_DB_PREFIX: `${iso.id}_`,
      EVENT_PREFIX: iso.eventPrefix,
      S3_BUCKET_PREFIX: iso.bucketPrefix,
    });
  }
  if (env.DATA_DIR) env.DATA_DIR = join(dataDir, name);
  return env;
}

function start(name: string): (typeof running)[number] {
  const component = COMPONENTS.find((c) => c.name === name);
  const script = join(repoRoot, `${component?.dir}/docker-entrypoint.sh`);
  // From another working directory: the script must find its files on its own.
  const child = spawn('sh', [script], {
    cwd: dataDir,
    env: environmentOf(name),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output = (output + chunk).slice(-20_000);
  });
  child.stderr?.on('data', (chunk) => {
    output = (output + chunk).slice(-20_000);
  });
  const entry = { name, child, output: () => output };
  running.push(entry);
  return entry;
}

/** The image's HEALTHCHECK command, run until it passes. */
async function waitHealthy(entry: (typeof running)[number], timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  const env = environmentOf(entry.name);
  while (Date.now() < until) {
    if (entry.child.exitCode !== null) {
      throw new Error(`${entry.name} exited with ${entry.child.exitCode}:\n${entry.output()}`);
    }
    const check = spawnSync(process.execPath, ['infra/docker/healthcheck.mjs'], { cwd: repoRoot, env });
    if (check.status === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${entry.name} was not healthy within ${timeoutMs / 1000} s:\n${entry.output()}`);
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'liveedu-entrypoints-'));
  for (const name of ORDER) ports[name] = await portOutsideEphemeralRange();
  // What the images' build stages do: compile each Node server, build each front-end app.
  for (const component of COMPONENTS.filter((c) => c.kind === 'node')) {
    const bundleAll = read(`${component.dir}/Dockerfile`).includes('--bundle-all');
    const result = spawnSync(
      process.execPath,
      ['infra/docker/build-server.mjs', component.dir, ...(bundleAll ? ['--bundle-all'] : [])],
      { cwd: repoRoot, encoding: 'utf8' },
    );
    if (result.status !== 0) throw new Error(result.stderr);
  }
  await buildFrontEnd({ log: () => {} });
}, 900_000);

afterAll(async () => {
  for (const { child } of running.reverse()) {
    if (child.exitCode !== null) continue;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 12_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}, 120_000);

describe('each image entrypoint, started natively with its compose environment', () => {
  it('refuses to start with the placeholder secrets of the example file', async () => {
    compose = loadCompose(exampleEnv);
    try {
      const entry = start('identity');
      const code = await new Promise((resolve) => entry.child.once('exit', resolve));
      expect(code).toBe(1);
      expect(entry.output()).toContain('INTERNAL_SECRET and JWT_SECRET must be at least 32 characters');
    } finally {
      compose = loadCompose(operatorEnv);
    }
  }, 60_000);

  it.each(ORDER)(
    '%s passes its image HEALTHCHECK and answers /healthz',
    async (name) => {
      const entry = start(name);
      await waitHealthy(entry);
      const base = `http://127.0.0.1:${ports[name]}`;
      const probe = name === 'razorpay-sandbox' ? '/health' : '/healthz';
      const health = await fetch(`${base}${probe}`);
      expect(health.status).toBe(200);
      if (name !== 'razorpay-sandbox') {
        const ready = await fetch(`${base}/readyz`);
        expect(ready.status).toBe(200);
        const metrics = await (await fetch(`${base}/metrics`)).text();
        expect(metrics).toContain('http_request_duration_seconds');
      }
      if (name !== 'razorpay-sandbox') {
        // The process writes its JSON log lines as it answers; they reach us through a pipe.
        const logLine = await vi.waitFor(
          () => {
            const line = entry
              .output()
              .split('\n')
              .find((l) => l.startsWith('{'));
            if (!line) throw new Error(`no JSON log line yet from ${name}`);
            return line;
          },
          { timeout: 5_000, interval: 100 },
        );
        expect(JSON.parse(logLine)).toMatchObject({ level: expect.anything() });
      }
    },
    120_000,
  );

  it('serves the platform through the host as compose does: API, remotes and their run-time config', async () => {
    const host = `http://127.0.0.1:${ports.host}`;
    const categories = await fetch(`${host}/api/v1/get-all-category`);
    expect(categories.status).toBe(200);
    expect(categories.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const config = (await (await fetch(`${host}/app-config.json`)).json()) as {
      remotes: Record<string, string>;
    };
    expect(config.remotes.catalog).toBe('/mf/catalog/mf-manifest.json');
    for (const remote of REMOTES) {
      const manifest = await fetch(`${host}${config.remotes[remote]}`);
      expect(manifest.status, remote).toBe(200);
      expect(manifest.headers.get('cache-control')).toBe('no-cache');
      const body = (await manifest.json()) as { name: string };
      expect(body.name).toBe(remote);
    }
    const page = await fetch(`${host}/courses`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root"');
  }, 60_000);
});
