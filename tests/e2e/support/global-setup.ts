import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPlatform } from '@liveedu/platform';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    liveeduPlatform: {
      url: string;
      dataDir: string;
      adminPassword: string;
      services: Record<string, string>;
    };
  }
}

export const ADMIN_PASSWORD = 'admin-e2e-password';

/**
 * The platform exactly as `npm start` runs it (every service its own process, the gateway
 * serving the built front end), on free ports with its data in a temp dir and the demo seed on.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = await mkdtemp(join(tmpdir(), 'liveedu-e2e-'));
  const log = (line: string) => process.stderr.write(`[platform] ${line}\n`);
  const platform = await startPlatform({
    dataDir,
    port: 0,
    log,
    env: {
      ADMIN_PASSWORD,
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      LOGIN_RATE_LIMIT_PER_USERNAME: '10000',
      MONGO_URL: '',
      NATS_URL: '',
      S3_ENDPOINT: '',
    },
  });
  project.provide('liveeduPlatform', {
    url: platform.url,
    dataDir,
    adminPassword: ADMIN_PASSWORD,
    services: Object.fromEntries(Object.entries(platform.services).map(([name, s]) => [name, s.url])),
  });
  return async () => {
    await platform.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
