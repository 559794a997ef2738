import { DEFAULT_BUCKET_PREFIX, envName, SERVICES } from '@liveedu/platform-registry';
import { type Static, type TObject, Type } from 'typebox';
import { ConfigError, parseEnv } from './env.ts';
import { natsUrlWithUser } from './events/nats-connect.ts';
import { PUBLISHED_VALUES, required, secret, secretWeakness } from './secrets.ts';

export { ConfigError } from './env.ts';

/**
 * Configuration comes only from the environment, parsed with a schema at start: a value of the
 * wrong type or out of range, or a secret missing or weak in production (NODE_ENV=production, see
 * `secrets.ts`), stops the process with a message naming it. Local mode has a default for everything.
 */

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
  /**
   * Secret user tokens are signed with (identity signs, the gateway verifies); empty in every
   * other process, which never holds it.
   */
  jwtSecret: string;
  /** How often the outbox sweep looks for events a crash left unpublished (OUTBOX_SWEEP_SECONDS). */
  outboxSweepMs: number;
  /** Whether the demo accounts and courses are seeded (SEED_DEMO; on by default except in production). */
  seedDemo: boolean;
  /** The service's own settings, parsed from the environment with its schema (see `serviceSettings`). */
  settings: Readonly<Record<string, unknown>>;
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

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const SWITCH_ON = ['1', 'true', 'yes', 'on'];
const SWITCH_OFF = ['0', 'false', 'no', 'off'];

/** A port number, as every listening address takes it. */
export const PortNumber = (fallback: number) =>
  Type.Integer({ minimum: 0, maximum: 65535, default: fallback });

/** An http(s) address (a service's, an upstream's). */
export const HttpUrl = (options: { default?: string } = {}) =>
  Type.String({ format: 'uri', pattern: '^https?://', ...options });

/** Where another of the platform's services answers: by default, on this machine at its own port. */
export const ServiceUrl = (service: string) =>
  HttpUrl({ default: `http://127.0.0.1:${DEFAULT_SERVICE_PORTS[service]}` });

/**
 * The variables every service (and the gateway) reads. `JWT_SECRET` only where user tokens are
 * signed or verified (`userTokens`: identity and the gateway): a service that cannot mint a token
 * is not given the key to.
 */
export function kitEnvSchema(
  service: string,
  production: boolean,
  userTokens = false,
  storage = false,
  database = true,
) {
  return Type.Object({
    [envName(service, 'PORT')]: PortNumber(DEFAULT_SERVICE_PORTS[service] ?? 0),
    [envName(service, 'HOST')]: Type.Optional(Type.String()),
    SERVICE_HOST: Type.Optional(Type.String()),
    NODE_ENV: Type.Optional(Type.String()),
    LOG_LEVEL: Type.Optional(Type.Enum(LOG_LEVELS)),
    PORT: PortNumber(8080),
    PUBLIC_URL: Type.Optional(Type.String({ format: 'uri' })),
    // Not given to a part without a database (the gateway).
    MONGO_URL: database
      ? required(production, 'mongodb://127.0.0.1:27017/')
      : Type.Optional(Type.String({ writeOnly: true })),
    MONGO_DB_PREFIX: Type.String({ default: '' }),
    NATS_URL: required(production, 'nats://127.0.0.1:4222'),
    // Each part's own NATS user, allowed only its subjects (generated from the registry).
    NATS_USER: production ? Type.String({ minLength: 1 }) : Type.Optional(Type.String()),
    NATS_PASSWORD: production ? secret(true, '') : Type.Optional(Type.String({ writeOnly: true })),
    EVENT_PREFIX: Type.String({ default: '' }),
    S3_ENDPOINT: required(production, 'http://127.0.0.1:9000'),
    // Only a service that keeps files holds storage credentials (its own user's, limited to its
    // buckets); the others are not given any.
    S3_ACCESS_KEY: storage
      ? required(production, LOCAL_SECRETS.s3AccessKey)
      : Type.Optional(Type.String({ writeOnly: true })),
    // Issued by the storage provider in its own format (AWS's is 40 characters), or chosen for MinIO.
    S3_SECRET_KEY: storage
      ? secret(production, LOCAL_SECRETS.s3SecretKey, 'issued')
      : Type.Optional(Type.String({ writeOnly: true })),
    S3_BUCKET_PREFIX: Type.String({ default: DEFAULT_BUCKET_PREFIX }),
    S3_PUBLIC_URL: Type.Optional(Type.String({ format: 'uri' })),
    INTERNAL_SECRET: secret(production, LOCAL_SECRETS.internalSecret),
    JWT_SECRET: userTokens
      ? secret(production, LOCAL_SECRETS.jwtSecret)
      : Type.Optional(Type.String({ writeOnly: true })),
    OUTBOX_SWEEP_SECONDS: Type.Integer({ minimum: 1, maximum: 86_400, default: 300 }),
    SEED_DEMO: Type.Optional(Type.Enum([...SWITCH_ON, ...SWITCH_OFF])),
  });
}

function parseS3Endpoint(raw: string): { endPoint: string; port: number; useSSL: boolean } {
  let url: URL;
  try {
    url = new URL(raw.includes('://') ? raw : `http://${raw}`);
  } catch {
    throw new ConfigError(
      `invalid environment: S3_ENDPOINT must be a URL like http://127.0.0.1:9000, got "${raw}"`,
    );
  }
  const useSSL = url.protocol === 'https:';
  return { endPoint: url.hostname, port: url.port ? Number(url.port) : useSSL ? 443 : 80, useSSL };
}

/**
 * A service's own variables, declared once as a schema: the service names it in its definition,
 * `createService` parses it at start with the kit's own (a bad value stops the start, naming the
 * variable), and routes read the typed values with `settings.of(app)`. A schema may depend on
 * the mode, where production requires what local mode defaults (`secret`).
 */
export interface ServiceSettings<S extends TObject = TObject> {
  schema(production: boolean): S;
  /** Reads the service's variables from an environment (what `createService` does at start). */
  parse(env: NodeJS.ProcessEnv, production: boolean): Static<S>;
  /** The values parsed at start. */
  of(app: { config: Pick<KitConfig, 'settings'> }): Static<S>;
}

export function serviceSettings<S extends TObject>(
  schema: S | ((production: boolean) => S),
): ServiceSettings<S> {
  const schemaFor = typeof schema === 'function' ? schema : () => schema;
  return {
    schema: schemaFor,
    parse: (env, production) => parseEnv(schemaFor(production), env),
    of: (app) => app.config.settings as Static<S>,
  };
}

/**
 * In production each service signs in to MongoDB as its own user, limited to its database: a
 * password in the address must hold the `random` rule (named, never repeated). An address
 * without one is left to the server's other mechanisms (X.509, cloud identities).
 */
function productionMongoUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('invalid environment: MONGO_URL must be a mongodb:// or mongodb+srv:// URL');
  }
  if (!url.password) return raw;
  const password = decodeURIComponent(url.password);
  const problem = PUBLISHED_VALUES.includes(password)
    ? 'must not hold a published password'
    : secretWeakness(password, 'random');
  if (problem) throw new ConfigError(`invalid environment: MONGO_URL ${problem}`);
  return raw;
}

/** A base URL without the slashes it may end with, so paths can be appended with one. */
export const trimSlashes = (url: string) => url.replace(/\/+$/, '');

export function loadKitConfig(
  service: string,
  env: NodeJS.ProcessEnv = process.env,
  opts: { userTokens?: boolean; storage?: boolean; database?: boolean } = {},
): KitConfig {
  const production = env.NODE_ENV === 'production';
  const userTokens = opts.userTokens ?? false;
  const storage = opts.storage ?? false;
  const database = opts.database ?? true;
  const read: Record<string, unknown> = parseEnv(kitEnvSchema(service, production, userTokens, storage), env);
  const value = <T>(name: string) => read[name] as T;
  const publicUrl = trimSlashes(value<string>('PUBLIC_URL') ?? `http://localhost:${value<number>('PORT')}`);
  return {
    service,
    production,
    host:
      value<string>(envName(service, 'HOST')) ??
      value<string>('SERVICE_HOST') ??
      (production ? '0.0.0.0' : '127.0.0.1'),
    port: value(envName(service, 'PORT')),
    logLevel: value<string>('LOG_LEVEL') ?? (env.NODE_ENV === 'test' ? 'warn' : 'info'),
    publicUrl,
    mongoUrl: !database ? '' : production ? productionMongoUrl(value('MONGO_URL')) : value('MONGO_URL'),
    dbName: `${value<string>('MONGO_DB_PREFIX')}${service}`,
    natsUrl: natsUrlWithUser(value('NATS_URL'), value('NATS_USER'), value('NATS_PASSWORD')),
    eventPrefix: value('EVENT_PREFIX'),
    s3: {
      ...parseS3Endpoint(value('S3_ENDPOINT')),
      accessKey: storage ? value('S3_ACCESS_KEY') : '',
      secretKey: storage ? value('S3_SECRET_KEY') : '',
      bucketPrefix: value('S3_BUCKET_PREFIX'),
      publicUrl: trimSlashes(value<string>('S3_PUBLIC_URL') ?? `${publicUrl}/files`),
    },
    internalSecret: value('INTERNAL_SECRET'),
    jwtSecret: userTokens ? value('JWT_SECRET') : '',
    outboxSweepMs: value<number>('OUTBOX_SWEEP_SECONDS') * 1000,
    seedDemo: value<string>('SEED_DEMO') === undefined ? !production : SWITCH_ON.includes(value('SEED_DEMO')),
    settings: {},
  };
}
