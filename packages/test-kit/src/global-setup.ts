import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalServers } from '@liveedu/local-servers';
import type { TestProject } from 'vitest/node';
import { startContainers } from './containers.ts';
import { SERVERS_KEY, type TestServers } from './index.ts';

const log = (line: string) => process.stderr.write(`[test-servers] ${line}\n`);

/** Is there a container runtime? Only "none found" means fall back; other errors are real. */
async function containerRuntimeAnswers(): Promise<boolean> {
  const { getContainerRuntimeClient } = await import('testcontainers');
  try {
    await getContainerRuntimeClient();
    return true;
  } catch (error) {
    if (/Could not find a working container runtime strategy/i.test(String((error as Error)?.message))) {
      return false;
    }
    throw error;
  }
}

/**
 * Starts one set of servers for the whole run and provides them as 'liveeduServers':
 * servers named by MONGO_URL / NATS_URL / S3_ENDPOINT are used as they are; the others run in
 * containers when a container runtime answers, else as local binaries in a temp dir.
 * LIVEEDU_TEST_SERVERS=local skips the container check; =containers requires a runtime.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const mode = process.env.LIVEEDU_TEST_SERVERS ?? 'auto';
  if (!['auto', 'local', 'containers'].includes(mode)) {
    throw new Error(`LIVEEDU_TEST_SERVERS must be auto, local or containers, not '${mode}'`);
  }
  const runtime = mode === 'local' ? false : await containerRuntimeAnswers();
  if (mode === 'containers' && !runtime) {
    throw new Error('LIVEEDU_TEST_SERVERS=containers, but no container runtime answers');
  }
  const useContainers = runtime;

  let servers: TestServers;
  let stop: () => Promise<void>;
  if (useContainers) {
    const started = await startContainers(process.env, log);
    servers = started.servers;
    stop = started.stop;
  } else {
    const dataDir = await mkdtemp(join(tmpdir(), 'liveedu-test-'));
    try {
      const local = await startLocalServers({ dataDir, log, mongoBackend: 'memory' });
      servers = { mongoUrl: local.mongoUrl, natsUrl: local.natsUrl, s3: local.s3 };
      stop = async () => {
        try {
          await local.stop();
        } finally {
          await rm(dataDir, { recursive: true, force: true });
        }
      };
    } catch (error) {
      await rm(dataDir, { recursive: true, force: true });
      throw error;
    }
  }
  project.provide(SERVERS_KEY, servers);
  return stop;
}
