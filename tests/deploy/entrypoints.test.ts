import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appEnv, component as componentNamed, natsPasswordVariable, s3SecretVariable } from '@liveedu/deploy';
import { buildFrontEnd } from '@liveedu/platform';
import { accessPlan } from '@liveedu/platform-registry';
import { contentSecurityPolicy } from '@liveedu/site-policy';
import {
  isolation,
  type PrivateServer,
  startPrivateMinio,
  startPrivateNats,
  type TestS3,
  testServerEnv,
} from '@liveedu/test-kit';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { INVOICE_SELLER } from '../support/invoice-seller.ts';
import { ensureNginx, type Nginx, nativeWebImage, webHealthcheck } from './nginx.ts';
import {
  COMPONENTS,
  imageStage,
  loadCompose,
  parseEnvFile,
  REMOTES,
  read,
  repoRoot,
  stageEnv,
} from './support.ts';

/**
 * Each image started natively, as its container would start: a server image's entrypoint script
 * with the image's ENV and profile, a front-end image's nginx with its configuration rendered
 * from the environment as the nginx image renders it; plus the compose file's environment. Only
 * what a machine without a container engine must change is changed — the addresses (the test
 * servers instead of the mongo, nats and minio containers, free local ports instead of container
 * names), file paths, and names private to this file. Then the image's own HEALTHCHECK command
 * must pass, and the platform answers through the host.
 */

// Dependencies first, as compose's health-gated order starts them (COMPONENTS is in that order).
const ORDER = [
  'razorpay-sandbox',
  ...COMPONENTS.filter((c) => c.name !== 'razorpay-sandbox').map((c) => c.name),
];
let nginx: Nginx;
/**
 * Object storage and NATS with the operator's strong credentials (production refuses the local
 * ones) and each part's own users, as compose's minio-users and nats-users make them.
 */
let storage: PrivateServer & { s3: TestS3 };
let natsUrl = '';
/** One set of names for every component here, so they see each other's events and files. */
const iso = isolation('images');

// What an operator does after `cp .env.example .env`: replace the secrets and name the seller on
// tax invoices.
const exampleEnv = parseEnvFile(read('.env.example'));
const operatorEnv: Record<string, string> = {
  ...exampleEnv,
  ...INVOICE_SELLER,
  INTERNAL_SECRET: randomBytes(32).toString('hex'),
  JWT_SECRET: randomBytes(32).toString('hex'),
  MEDIA_PLAYBACK_SECRET: randomBytes(32).toString('hex'),
  ADMIN_PASSWORD: randomBytes(12).toString('hex'),
  // The servers' root users and every part's own passwords.
  ...Object.fromEntries(
    Object.keys(exampleEnv)
      .filter((name) =>
        /_(MONGO_PASSWORD|NATS_PASSWORD|S3_SECRET_KEY)$|^MONGO_ROOT_PASSWORD$|^MINIO_ROOT_PASSWORD$/.test(
          name,
        ),
      )
      .map((name) => [name, randomBytes(32).toString('hex')]),
  ),
  MINIO_ROOT_USER: `liveedu-${randomBytes(4).toString('hex')}`,
  RAZORPAY_KEY_SECRET: randomBytes(16).toString('hex'),
  RAZORPAY_WEBHOOK_SECRET: randomBytes(32).toString('base64url'),
  LIVEKIT_API_KEY: `LK${randomBytes(6).toString('hex')}`,
  LIVEKIT_API_SECRET: randomBytes(32).toString('base64url'),
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

/** Container names in URLs (http://catalog:8082) become the local address of that component. */
function localAddresses(value: string): string {
  return value.replace(/\/\/([a-z][a-z0-9-]*):(\d+)/g, (all, host: string) =>
    ports[host] ? `//127.0.0.1:${ports[host]}` : all,
  );
}

/** The image's profile (app.env, written from the registry at build time), as a file here. */
const profileFile = (name: string) => join(dataDir, `${name}.app.env`);

function environmentOf(name: string): NodeJS.ProcessEnv {
  const component = componentNamed(name);
  const imageEnv = stageEnv(imageStage(component));
  const composeEnv = compose.services[name]?.environment ?? {};
  const port = ports[name] as number;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    ...imageEnv,
    ...Object.fromEntries(Object.entries(composeEnv).map(([k, v]) => [k, localAddresses(String(v ?? ''))])),
  };
  Object.assign(env, {
    [component.portVariable]: String(port),
    APP_PROFILE: profileFile(name),
    // Listen on loopback only; images listen on every interface of their container.
    HOST: '127.0.0.1',
    SERVICE_HOST: '127.0.0.1',
    RAZORPAY_SANDBOX_HOST: '127.0.0.1',
  });
  if (component.kind === 'server' && name !== 'razorpay-sandbox') {
    // The test servers' addresses; the part's own users from its compose environment.
    Object.assign(env, testServerEnv(iso), {
      NATS_URL: natsUrl,
      S3_ENDPOINT: `http://${storage.s3.endPoint}:${storage.s3.port}`,
      S3_ACCESS_KEY: composeEnv.S3_ACCESS_KEY ?? '',
      S3_SECRET_KEY: composeEnv.S3_SECRET_KEY ?? '',
    });
  }
  if (env.DATA_DIR) env.DATA_DIR = join(dataDir, name);
  return env;
}

/** Container addresses in compose's forwarding for the host become local ones. */
const localRoutes = () => localAddresses(read('infra/nginx/compose-routes.conf'));

async function start(name: string): Promise<(typeof running)[number]> {
  const component = componentNamed(name);
  const env = environmentOf(name);
  let command = 'sh';
  let args = [join(repoRoot, 'infra/docker/server-entrypoint.sh')];
  let accessLog = '';
  if (component.kind === 'web') {
    ({ command, args, accessLog } = await nativeWebImage(nginx, component, {
      port: ports[name] as number,
      env,
      dataDir,
      ...(component.role === 'host' ? { routes: localRoutes() } : {}),
    }));
  }
  // From another working directory: the server script must find its files on its own.
  const child = spawn(command, args, { cwd: dataDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output = (output + chunk).slice(-20_000);
  });
  child.stderr?.on('data', (chunk) => {
    output = (output + chunk).slice(-20_000);
  });
  const entry = {
    name,
    child,
    output: () => output + (accessLog && existsSync(accessLog) ? readFileSync(accessLog, 'utf8') : ''),
  };
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
    const component = componentNamed(entry.name);
    const healthcheck = imageStage(component).instructions.find((i) => i.op === 'HEALTHCHECK')?.args ?? '';
    const [command = '', ...args] =
      component.kind === 'web'
        ? webHealthcheck(healthcheck, ports[entry.name] as number)
        : [process.execPath, join(repoRoot, 'infra/docker/healthcheck.mjs')];
    const check = spawnSync(command, args, { cwd: dataDir, env });
    if (check.status === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${entry.name} was not healthy within ${timeoutMs / 1000} s:\n${entry.output()}`);
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'liveedu-entrypoints-'));
  // nginx's workers (another user when the tests run as root) read their temporary paths here.
  await chmod(dataDir, 0o755);
  nginx = await ensureNginx();
  // The users compose's minio-users and nats-users make, with the operator's passwords.
  const plan = accessPlan({
    natsPassword: (part) => operatorEnv[natsPasswordVariable(part)] ?? '',
    storageSecret: (service) => operatorEnv[s3SecretVariable(service)] ?? '',
    eventPrefix: iso.eventPrefix,
    bucketPrefix: iso.bucketPrefix,
  });
  storage = await startPrivateMinio({
    accessKey: operatorEnv.MINIO_ROOT_USER ?? '',
    secretKey: operatorEnv.MINIO_ROOT_PASSWORD ?? '',
    accounts: plan.storageUsers,
  });
  natsUrl = (await startPrivateNats({ users: plan.natsUsers })).url;
  for (const name of ORDER) ports[name] = await portOutsideEphemeralRange();
  // What the images' build stages do: write each profile, compile each Node server, build each
  // front-end app.
  for (const component of COMPONENTS) {
    await writeFile(profileFile(component.name), appEnv(component));
    if (component.kind !== 'server') continue;
    const result = spawnSync(
      process.execPath,
      ['infra/docker/build-server.mjs', component.dir, ...(component.bundleAll ? ['--bundle-all'] : [])],
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
  await storage?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}, 120_000);

describe('each image entrypoint, started natively with its compose environment', () => {
  it('refuses to start with the placeholder secrets of the example file', async () => {
    compose = loadCompose(exampleEnv);
    try {
      const entry = await start('identity');
      const code = await new Promise((resolve) => entry.child.once('exit', resolve));
      expect(code).toBe(1);
      for (const name of ['INTERNAL_SECRET', 'JWT_SECRET']) {
        expect(entry.output()).toMatch(new RegExp(`${name} must (not be a published|be at least)`));
      }
      // The refused values are never printed.
      expect(entry.output()).not.toContain('replace-');
    } finally {
      compose = loadCompose(operatorEnv);
    }
  }, 60_000);

  it.each(ORDER)(
    '%s passes its image HEALTHCHECK and answers /healthz',
    async (name) => {
      const entry = await start(name);
      await waitHealthy(entry);
      const base = `http://127.0.0.1:${ports[name]}`;
      const probe = name === 'razorpay-sandbox' ? '/health' : '/healthz';
      const health = await fetch(`${base}${probe}`);
      expect(health.status).toBe(200);
      if (name !== 'razorpay-sandbox') {
        const ready = await fetch(`${base}/readyz`);
        expect(ready.status).toBe(200);
      }
      if (componentNamed(name).kind === 'server' && name !== 'razorpay-sandbox') {
        const metrics = await (await fetch(`${base}/metrics`)).text();
        expect(metrics).toContain('http_request_duration_seconds');
      }
      if (componentNamed(name).kind === 'web') await fetch(`${base}/index.html`);
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
    expect(page.headers.get('cache-control')).toBe('no-cache');
    // Rendered by the gateway from the host's page and build and the catalog's (ADR 13), read
    // over the network as in compose; its scripts are the host's files.
    const html = await page.text();
    expect(html).toContain('<title>All courses | LiveEdu</title>');
    expect(html).toMatch(/<div id="root">\s*<[a-z]/);
    const script = /<script[^>]* src="([^"]+\.js)"/.exec(html)?.[1] ?? '';
    expect((await fetch(new URL(script, host))).status, script).toBe(200);
    // A private page stays the host's shell, unrendered.
    expect(await (await fetch(`${host}/profile/todo`)).text()).toContain('<div id="root"></div>');
    const robots = await fetch(`${host}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(await robots.text()).toContain('Sitemap:');
    // The page's security headers, the gateway's policy for the host's configuration.
    const words = (policy: string | null) =>
      (policy ?? '').split(';').map((directive) => directive.trim().split(/\s+/).join(' '));
    const hostEnv = compose.services.host?.environment ?? {};
    expect(words(page.headers.get('content-security-policy'))).toEqual(
      words(
        contentSecurityPolicy({
          checkoutUrl: hostEnv.RAZORPAY_CHECKOUT_URL,
          remoteUrls: Object.fromEntries(
            REMOTES.map((r) => [r, hostEnv[`MFE_${r.toUpperCase()}_URL`] ?? '']),
          ),
          uploadOrigins: [hostEnv.MEDIA_S3_UPLOAD_ENDPOINT ?? ''],
          liveMediaUrl: hostEnv.LIVEKIT_PUBLIC_URL,
        }),
      ),
    );
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('content-security-policy')).toContain('http://localhost:8090');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(page.headers.get('permissions-policy')).toContain('camera=(self)');
    expect(page.headers.get('permissions-policy')).toContain('geolocation=()');
  }, 60_000);

  it('caches hashed files for a year and revalidates the files that name them; remotes answer any origin', async () => {
    const host = `http://127.0.0.1:${ports.host}`;
    const hashed = (dir: string) => {
      const files = readdirSync(join(repoRoot, dir, 'dist'));
      const file = files.find((f) => /\.[0-9a-f]{8}\.js$/.test(f) && files.includes(`${f}.gz`));
      if (!file) throw new Error(`no hashed file in ${dir}/dist`);
      return file;
    };
    const immutable = 'public, max-age=31536000, immutable';
    for (const remote of REMOTES) {
      const entry = await fetch(`${host}/mf/${remote}/remoteEntry.js`);
      expect(entry.status, remote).toBe(200);
      expect(entry.headers.get('cache-control')).toBe('no-cache');
      expect(entry.headers.get('access-control-allow-origin')).toBe('*');
      const chunk = await fetch(`${host}/mf/${remote}/${hashed(`mfe-${remote}`)}`);
      expect(chunk.status, remote).toBe(200);
      expect(chunk.headers.get('cache-control')).toBe(immutable);
      expect(chunk.headers.get('content-type')).toMatch(/javascript/);
      // fetch asks for gzip and decodes it: the build's compressed copy was sent.
      expect(chunk.headers.get('content-encoding')).toBe('gzip');
      expect(chunk.headers.get('vary')).toMatch(/accept-encoding/i);
    }
    const own = await fetch(`${host}/${hashed('shells/host')}`);
    expect(own.headers.get('cache-control')).toBe(immutable);
    expect(own.headers.get('access-control-allow-origin')).toBeNull();
    const index = await fetch(`${host}/index.html`);
    expect(index.headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(`${host}/app-config.json`)).headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(`${host}/missing.0123abcd.js`)).status).toBe(404);
  });
});
