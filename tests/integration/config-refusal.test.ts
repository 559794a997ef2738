import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

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
