import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';

export interface TestS3 {
  endPoint: string;
  port: number;
  useSSL: boolean;
  accessKey: string;
  secretKey: string;
}

export interface TestServers {
  mongoUrl: string;
  natsUrl: string;
  s3: TestS3;
}

/** Key under which the global setup provides the shared servers. */
export const SERVERS_KEY = 'liveeduServers';

declare module 'vitest' {
  export interface ProvidedContext {
    liveeduServers: TestServers;
  }
}

/** The servers shared by the whole test run (started once by the global setup). */
export function testServers(): TestServers {
  const servers = inject(SERVERS_KEY);
  if (!servers) {
    throw new Error(
      "no test servers were provided: the vitest config must list 'packages/test-kit/src/global-setup.ts' " +
        'in test.globalSetup',
    );
  }
  return servers;
}

export interface Isolation {
  /** Short, lowercase, unique name part, e.g. `t3f9a2c`. */
  id: string;
  /** Database name for a service, e.g. `t3f9a2c_identity`. */
  dbName(service: string): string;
  /** Prefix of NATS subjects (its own first token), e.g. `t3f9a2c.`. */
  eventPrefix: string;
  /** Prefix of S3 bucket names, e.g. `t3f9a2c-`. */
  bucketPrefix: string;
}

const usedIds = new Set<string>();

/**
 * Names that no other test (in this or another worker) uses, so tests share the servers
 * without seeing each other's data. `label` (letters and digits kept, up to 8) helps reading logs.
 */
export function isolation(label?: string): Isolation {
  const suffix = (label ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 8);
  let id: string;
  do {
    id = `t${randomBytes(3).toString('hex')}${suffix}`;
  } while (usedIds.has(id));
  usedIds.add(id);
  return {
    id,
    dbName: (service: string) => {
      const name = `${id}_${service}`;
      if (!/^[a-z0-9_-]+$/i.test(service) || name.length > 63) {
        throw new Error(
          `'${service}' does not make a valid database name (letters, digits, _ and -; 63 max)`,
        );
      }
      return name;
    },
    eventPrefix: `${id}.`,
    bucketPrefix: `${id}-`,
  };
}

/**
 * The environment that points a service or gateway process at the test servers under an
 * isolation's names (databases, subjects, buckets), for tests that start them as processes.
 */
export function testServerEnv(iso: Isolation, servers: TestServers = testServers()): Record<string, string> {
  return {
    MONGO_URL: servers.mongoUrl,
    NATS_URL: servers.natsUrl,
    S3_ENDPOINT: `${servers.s3.useSSL ? 'https' : 'http'}://${servers.s3.endPoint}:${servers.s3.port}`,
    S3_ACCESS_KEY: servers.s3.accessKey,
    S3_SECRET_KEY: servers.s3.secretKey,
    MONGO_DB_PREFIX: `${iso.id}_`,
    EVENT_PREFIX: iso.eventPrefix,
    S3_BUCKET_PREFIX: iso.bucketPrefix,
  };
}

/**
 * The configuration that points a service created in the test process (`createService`) at the
 * test servers under an isolation's names, listening on a free port.
 */
export function testServiceConfig(iso: Isolation, service: string, servers: TestServers = testServers()) {
  return {
    host: '127.0.0.1',
    port: 0,
    dbName: iso.dbName(service),
    mongoUrl: servers.mongoUrl,
    natsUrl: servers.natsUrl,
    eventPrefix: iso.eventPrefix,
    s3: { ...servers.s3, bucketPrefix: iso.bucketPrefix, publicUrl: 'http://files.invalid' },
  };
}

export {
  type PrivateServer,
  startPrivateMinio,
  startPrivateMongo,
  startPrivateNats,
} from './private-servers.ts';
export { fileTestDatabase, type IndexedCollection, testDatabase } from './test-database.ts';
