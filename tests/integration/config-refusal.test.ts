import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { INVOICE_SELLER } from '../support/invoice-seller.ts';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Starts a server as `npm start` does and waits for it to exit (it must, before connecting). */
function start(
  server: string,
  env: Record<string, string>,
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(repo, server)], {
      cwd: repo,
      // Nothing answers here: a server that got past its configuration would hang, not exit.
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        MONGO_URL: 'mongodb://127.0.0.1:9/',
        NATS_URL: 'nats://127.0.0.1:9',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${server} did not refuse its configuration: ${stderr}`));
    }, 20_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe('a mistyped environment value stops the start, naming the variable', () => {
  it.each([
    ['identity', { IDENTITY_PORT: '80x' }, 'IDENTITY_PORT must be integer, got "80x"'],
    [
      'identity',
      { LOGIN_RATE_LIMIT_PER_USERNAME: '-1' },
      'LOGIN_RATE_LIMIT_PER_USERNAME must be >= 1, got "-1"',
    ],
    ['catalog', { OUTBOX_SWEEP_SECONDS: 'five' }, 'OUTBOX_SWEEP_SECONDS must be integer, got "five"'],
    ['payments', { CATALOG_URL: 'catalog:8082' }, 'CATALOG_URL must'],
    ['earnings', { LOG_LEVEL: 'verbose' }, 'LOG_LEVEL must be one of'],
    ['todo', { TODO_PORT: '-8085' }, 'TODO_PORT must be >= 0, got "-8085"'],
    ['media', { MEDIA_PART_BYTES: '1MB' }, 'MEDIA_PART_BYTES must be integer, got "1MB"'],
  ])('%s with %o', async (service, env, message) => {
    const { code, stderr } = await start(`services/${service}/src/server.ts`, env);
    expect(code).toBe(1);
    expect(stderr).toContain(`${service}: cannot start: invalid environment: ${message}`);
  });

  it.each([
    [{ PORT: '80x' }, 'PORT must be integer, got "80x"'],
    [{ AUTH_RATE_LIMIT_PER_MINUTE: '0' }, 'AUTH_RATE_LIMIT_PER_MINUTE must be >= 1, got "0"'],
    [{ CATALOG_URL: 'catalog' }, 'CATALOG_URL must match pattern'],
  ])('the gateway with %o', async (env, message) => {
    const { code, stderr } = await start('gateway/src/server.ts', env);
    expect(code).toBe(1);
    expect(stderr).toContain(`gateway: cannot start: invalid environment: ${message}`);
  });
});

/** A production environment whose every secret holds its rule; each case below spoils one. */
const strong = () => ({
  NODE_ENV: 'production',
  MONGO_URL: `mongodb://catalog:${randomBytes(32).toString('base64url')}@127.0.0.1:9/`,
  NATS_URL: 'nats://127.0.0.1:9',
  NATS_USER: 'catalog',
  NATS_PASSWORD: randomBytes(32).toString('hex'),
  S3_ENDPOINT: 'http://127.0.0.1:9',
  S3_ACCESS_KEY: 'AKIAIOSFODNN7EXAMPLE',
  S3_SECRET_KEY: randomBytes(30).toString('base64'),
  INTERNAL_SECRET: randomBytes(32).toString('base64url'),
  JWT_SECRET: randomBytes(32).toString('hex'),
  MEDIA_PLAYBACK_SECRET: randomBytes(32).toString('base64url'),
  ADMIN_PASSWORD: 'violet-harbour-sprocket-1987',
  RAZORPAY_KEY_ID: 'rzp_live_Q3xw7TyLmN0pZa',
  RAZORPAY_KEY_SECRET: 'EnLs21M47BllR3X8PSFtjtbd',
  RAZORPAY_WEBHOOK_SECRET: randomBytes(32).toString('base64url'),
  ...INVOICE_SELLER,
});

describe('a production start refuses a placeholder or weak secret, naming the variable and the rule, never the value', () => {
  it.each([
    ['identity', { JWT_SECRET: 'replace-me' }, 'JWT_SECRET must'],
    ['identity', { JWT_SECRET: 'replace-with-at-least-32-random-characters' }, 'JWT_SECRET must'],
    ['catalog', { INTERNAL_SECRET: 'liveedu-local-internal-secret-change-me' }, 'INTERNAL_SECRET must'],
    ['catalog', { INTERNAL_SECRET: 'x'.repeat(48) }, 'INTERNAL_SECRET must be random'],
    [
      'identity',
      { ADMIN_PASSWORD: 'replace-with-the-admin-password' },
      'ADMIN_PASSWORD must not be a published',
    ],
    ['identity', { ADMIN_PASSWORD: 'password1234' }, 'ADMIN_PASSWORD must be a strong password'],
    [
      'payments',
      { RAZORPAY_WEBHOOK_SECRET: 'w' },
      'RAZORPAY_WEBHOOK_SECRET must be at least 32 random bytes',
    ],
    ['payments', { RAZORPAY_KEY_SECRET: 'replace-with-the-razorpay-key-secret' }, 'RAZORPAY_KEY_SECRET must'],
    ['payments', { RAZORPAY_KEY_ID: 'rzp_test_liveedu' }, 'RAZORPAY_MODE must be "test"'],
    ['payments', { RAZORPAY_API_URL: 'http://razorpay-sandbox:8090' }, 'RAZORPAY_MODE must be "test"'],
    ['media', { MEDIA_PLAYBACK_SECRET: 'replace-me' }, 'MEDIA_PLAYBACK_SECRET must'],
    ['media', { S3_SECRET_KEY: 'replace-with-a-long-minio-secret' }, 'S3_SECRET_KEY must not be a published'],
    ['identity', { S3_ACCESS_KEY: 'liveedu' }, 'S3_ACCESS_KEY must not be a published'],
    ['todo', { NATS_PASSWORD: 'replace-me' }, 'NATS_PASSWORD must'],
    ['earnings', { NATS_PASSWORD: 'n'.repeat(64) }, 'NATS_PASSWORD must be random'],
    ['catalog', { MONGO_URL: 'mongodb://catalog:liveedu-secret@127.0.0.1:9/' }, 'MONGO_URL must not hold'],
    ['identity', { MONGO_URL: 'mongodb://identity:short@127.0.0.1:9/' }, 'MONGO_URL must be at least 32'],
  ] as Array<[string, Record<string, string>, string]>)('%s with %o', async (service, weak, message) => {
    const { code, stderr } = await start(`services/${service}/src/server.ts`, { ...strong(), ...weak });
    expect(code).toBe(1);
    expect(stderr).toContain(message);
    for (const value of Object.values(weak)) {
      if (!value.startsWith('rzp_') && !value.startsWith('http')) {
        expect(stderr).not.toContain(`"${value}"`);
        if (value.length > 3) expect(stderr).not.toContain(value);
      }
    }
    expect(stderr).not.toContain('strict mode');
  });

  it('refuses a weak JWT secret at the gateway too', async () => {
    const { code, stderr } = await start('gateway/src/server.ts', {
      ...strong(),
      JWT_SECRET: 'j'.repeat(64),
    });
    expect(code).toBe(1);
    expect(stderr).toContain('JWT_SECRET must be random');
  });

  it('refuses the local seller of tax invoices, and a GSTIN whose check character is wrong', async () => {
    const local = await start('services/payments/src/server.ts', {
      ...strong(),
      INVOICE_LEGAL_NAME: 'LiveEdu Learning Private Limited',
      INVOICE_GSTIN: '29AADCL4821K1ZA',
    });
    expect(local.code).toBe(1);
    expect(local.stderr).toContain('INVOICE_LEGAL_NAME must not be a published example or a local default');
    expect(local.stderr).toContain('INVOICE_GSTIN must not be a published example or a local default');
    const mistyped = await start('services/payments/src/server.ts', {
      ...strong(),
      INVOICE_GSTIN: '27AAPFU0939F1ZW',
    });
    expect(mistyped.code).toBe(1);
    expect(mistyped.stderr).toContain('INVOICE_GSTIN has a wrong check character');
  });

  it('takes a test key or the sandbox in production once RAZORPAY_MODE=test says so', async () => {
    // A wrong port stops the start after the settings were read: what it names is all it refused.
    const { code, stderr } = await start('services/payments/src/server.ts', {
      ...strong(),
      RAZORPAY_KEY_ID: 'rzp_test_liveedu',
      RAZORPAY_API_URL: 'http://razorpay-sandbox:8090',
      RAZORPAY_MODE: 'test',
      PAYMENTS_PORT: 'x',
    });
    expect(code).toBe(1);
    expect(stderr).toContain('PAYMENTS_PORT must be integer');
    expect(stderr).not.toContain('RAZORPAY');
  });
});
