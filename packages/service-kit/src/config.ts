/**
 * Configuration comes only from the environment, is validated at start, and a missing required
 * value stops the process with a message naming it. Local mode has a default for everything;
 * production mode (NODE_ENV=production) refuses to start without its secrets.
 */

import { SERVICES } from '@liveedu/platform-registry';

export interface S3Config {
  endPoint: string;
  port: number;
  useSSL: boolean;
  accessKey: string;
  secretKey: string;
  bucketPrefix: string;
  /** Base URL under which browsers fetch public objects: `${publicUrl}/${bucket}/${key}`. */
  publicUrl: string;
}

export interface KitConfig {
  service: string;
  production: boolean;
  host: string;
  port: number;
  logLevel: string;
  publicUrl: string;
  mongoUrl: string;
  dbName: string;
  natsUrl: string;
  /** Prefix of every subject, stream and durable name; empty in production, unique per test file. */
  eventPrefix: string;
  s3: S3Config;
  /** Secret the gateway signs forwarded identities with. */
  internalSecret: string;
  /** Secret user tokens are signed with (identity signs, the gateway verifies). */
  jwtSecret: string;
  /** How often the outbox sweep looks for events a crash left unpublished (OUTBOX_SWEEP_SECONDS). */
  outboxSweepMs: number;
  /** Everything else a service reads, already checked by its own `extra` parser. */
  env: NodeJS.ProcessEnv;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The port each service listens on in local mode (the platform registry's); the gateway uses the same. */
export const DEFAULT_SERVICE_PORTS: Readonly<Record<string, number>> = Object.fromEntries(
  SERVICES.map((service) => [service.name, service.port]),
);

const LOCAL_SECRETS = {
  internalSecret: 'liveedu-local-internal-secret-change-me',
  jwtSecret: 'liveedu-local-jwt-secret-change-me',
  s3AccessKey: 'liveedu',
  s3SecretKey: 'liveedu-secret',
};

function envName(service: string, key: string): string {
  return `${service.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_${key}`;
}

function readInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    throw new ConfigError(`${name} must be a port number (0-65535), got "${raw}"`);
  }
  return value;
}

function readSeconds(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 86_400) {
    throw new ConfigError(`${name} must be a whole number of seconds from 1 to 86400, got "${raw}"`);
  }
  return value;
}

function required(
  env: NodeJS.ProcessEnv,
  name: string,
  production: boolean,
  localDefault: string,
  missing: string[],
): string {
  const value = env[name];
  if (value !== undefined && value !== '') return value;
  if (production) missing.push(name);
  return localDefault;
}

function parseS3Endpoint(raw: string): { endPoint: string; port: number; useSSL: boolean } {
  let url: URL;
  try {
    url = new URL(raw.includes('://') ? raw : `http://${raw}`);
  } catch {
    throw new ConfigError(`S3_ENDPOINT must be a URL like http://127.0.0.1:9000, got "${raw}"`);
  }
  const useSSL = url.protocol === 'https:';
  return { endPoint: url.hostname, port: url.port ? Number(url.port) : useSSL ? 443 : 80, useSSL };
}

export function loadKitConfig(service: string, env: NodeJS.ProcessEnv = process.env): KitConfig {
  const production = env.NODE_ENV === 'production';
  const missing: string[] = [];
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${env.PORT || 8080}`).replace(/\/+$/, '');
  const s3Endpoint = parseS3Endpoint(
    required(env, 'S3_ENDPOINT', production, 'http://127.0.0.1:9000', missing),
  );
  const config: KitConfig = {
    service,
    production,
    host: env[envName(service, 'HOST')] || env.SERVICE_HOST || (production ? '0.0.0.0' : '127.0.0.1'),
    port: readInt(env, envName(service, 'PORT'), DEFAULT_SERVICE_PORTS[service] ?? 0),
    logLevel: env.LOG_LEVEL || (env.NODE_ENV === 'test' ? 'warn' : 'info'),
    publicUrl,
    mongoUrl: required(env, 'MONGO_URL', production, 'mongodb://127.0.0.1:27017/', missing),
    dbName: `${env.MONGO_DB_PREFIX ?? ''}${service}`,
    natsUrl: required(env, 'NATS_URL', production, 'nats://127.0.0.1:4222', missing),
    eventPrefix: env.EVENT_PREFIX ?? '',
    s3: {
      ...s3Endpoint,
      accessKey: required(env, 'S3_ACCESS_KEY', production, LOCAL_SECRETS.s3AccessKey, missing),
      secretKey: required(env, 'S3_SECRET_KEY', production, LOCAL_SECRETS.s3SecretKey, missing),
      bucketPrefix: env.S3_BUCKET_PREFIX ?? 'liveedu-',
      publicUrl: (env.S3_PUBLIC_URL || `${publicUrl}/files`).replace(/\/+$/, ''),
    },
    internalSecret: required(env, 'INTERNAL_SECRET', production, LOCAL_SECRETS.internalSecret, missing),
    jwtSecret: required(env, 'JWT_SECRET', production, LOCAL_SECRETS.jwtSecret, missing),
    outboxSweepMs: readSeconds(env, 'OUTBOX_SWEEP_SECONDS', 300) * 1000,
    env,
  };
  if (missing.length > 0) {
    throw new ConfigError(`missing required environment variables for production: ${missing.join(', ')}`);
  }
  if (production && (config.internalSecret.length < 32 || config.jwtSecret.length < 32)) {
    throw new ConfigError('INTERNAL_SECRET and JWT_SECRET must be at least 32 characters in production');
  }
  return config;
}
