import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadKitConfig } from './config.ts';

const mongoPassword = randomBytes(32).toString('base64url');
const natsPassword = randomBytes(32).toString('hex');
const productionEnv = {
  MONGO_URL: `mongodb://todo:${mongoPassword}@db/`,
  NATS_URL: 'nats://nats:4222',
  NATS_USER: 'todo',
  NATS_PASSWORD: natsPassword,
  S3_ENDPOINT: 'https://s3.example.com',
  S3_ACCESS_KEY: 'AKIAIOSFODNN7EXAMPLE',
  S3_SECRET_KEY: randomBytes(30).toString('base64'),
  INTERNAL_SECRET: randomBytes(32).toString('base64url'),
  JWT_SECRET: randomBytes(32).toString('hex'),
};

describe('loadKitConfig', () => {
  it('has a local default for everything', () => {
    const config = loadKitConfig('catalog', {});
    expect(config.production).toBe(false);
    expect(config.port).toBe(8082);
    expect(config.dbName).toBe('catalog');
    expect(config.mongoUrl).toMatch(/^mongodb:\/\//);
    expect(config.s3).toMatchObject({ endPoint: '127.0.0.1', port: 9000, useSSL: false });
    expect(config.s3.publicUrl).toBe('http://localhost:8080/files');
  });

  it('refuses to start in production without its secrets, naming each', () => {
    expect(() =>
      loadKitConfig(
        'identity',
        { NODE_ENV: 'production', MONGO_URL: 'mongodb://db/' },
        { userTokens: true, storage: true },
      ),
    ).toThrow(
      new ConfigError(
        'invalid environment: NATS_URL is required; NATS_USER is required; NATS_PASSWORD is required; ' +
          'S3_ENDPOINT is required; S3_ACCESS_KEY is required; S3_SECRET_KEY is required; ' +
          'INTERNAL_SECRET is required; JWT_SECRET is required',
      ),
    );
  });

  it('refuses short secrets in production and accepts a complete environment', () => {
    const env = { NODE_ENV: 'production', ...productionEnv, INTERNAL_SECRET: 'short', JWT_SECRET: 'short' };
    expect(() => loadKitConfig('todo', env)).toThrow(/INTERNAL_SECRET must be at least 32 random bytes/);
    // A refused secret is never repeated in the message.
    expect(() => loadKitConfig('todo', env)).not.toThrow(/short/);
    const config = loadKitConfig('todo', { NODE_ENV: 'production', ...productionEnv });
    expect(config.host).toBe('0.0.0.0');
    expect(config.s3).toMatchObject({ endPoint: 's3.example.com', port: 443, useSSL: true });
    // The service's NATS user travels with the address to its connections.
    expect(config.natsUrl).toBe(`nats://todo:${natsPassword}@nats:4222`);
  });

  it('refuses a weak or published password in the production database address', () => {
    const env = (MONGO_URL: string) => ({ NODE_ENV: 'production', ...productionEnv, MONGO_URL });
    expect(() => loadKitConfig('todo', env('mongodb://todo:liveedu-secret@db/'))).toThrow(
      /MONGO_URL must not hold a published password/,
    );
    expect(() => loadKitConfig('todo', env('mongodb://todo:hunter2hunter2@db/'))).toThrow(
      /MONGO_URL must be at least 32 random bytes/,
    );
    expect(() => loadKitConfig('todo', env('mongodb://todo:hunter2hunter2@db/'))).not.toThrow(/hunter2/);
    expect(loadKitConfig('todo', env(`mongodb://todo:${mongoPassword}@db/`)).mongoUrl).toContain('todo:');
  });

  it("gives the key to users' tokens only to a process that signs or verifies them", () => {
    const { JWT_SECRET: _left, ...withoutJwt } = productionEnv;
    const todo = loadKitConfig('todo', { NODE_ENV: 'production', ...withoutJwt });
    expect(todo.jwtSecret).toBe('');
    // Given one anyway, a process that has no use for it does not keep it.
    expect(loadKitConfig('todo', { NODE_ENV: 'production', ...productionEnv }).jwtSecret).toBe('');
    expect(() =>
      loadKitConfig('identity', { NODE_ENV: 'production', ...withoutJwt }, { userTokens: true }),
    ).toThrow(/JWT_SECRET is required/);
  });

  it('gives storage credentials only to a service that keeps files', () => {
    expect(loadKitConfig('todo', { NODE_ENV: 'production', ...productionEnv }).s3.secretKey).toBe('');
    expect(
      loadKitConfig('media', { NODE_ENV: 'production', ...productionEnv }, { storage: true }).s3.secretKey,
    ).toBe(productionEnv.S3_SECRET_KEY);
    const { S3_SECRET_KEY: _left, ...withoutKey } = productionEnv;
    expect(() =>
      loadKitConfig('media', { NODE_ENV: 'production', ...withoutKey }, { storage: true }),
    ).toThrow(/S3_SECRET_KEY is required/);
    expect(loadKitConfig('todo', { NODE_ENV: 'production', ...withoutKey }).production).toBe(true);
  });

  it('names a bad port or endpoint', () => {
    expect(() => loadKitConfig('todo', { TODO_PORT: 'eighty' })).toThrow(/TODO_PORT/);
    expect(() => loadKitConfig('todo', { S3_ENDPOINT: 'http://' })).toThrow(/S3_ENDPOINT/);
  });

  it('refuses a mistyped or out-of-range value, naming each variable and the value it got', () => {
    expect(() => loadKitConfig('identity', { IDENTITY_PORT: '80x' })).toThrow(
      new ConfigError('invalid environment: IDENTITY_PORT must be integer, got "80x"'),
    );
    const bad = () =>
      loadKitConfig('todo', {
        TODO_PORT: '70000',
        OUTBOX_SWEEP_SECONDS: '-5',
        LOG_LEVEL: 'verbose',
        SEED_DEMO: 'maybe',
      });
    expect(bad).toThrow(/TODO_PORT must be <= 65535, got "70000"/);
    expect(bad).toThrow(/OUTBOX_SWEEP_SECONDS must be >= 1, got "-5"/);
    expect(bad).toThrow(
      /LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "verbose"/,
    );
    expect(bad).toThrow(/SEED_DEMO must be one of/);
  });

  it('converts numbers and switches, and takes an empty value for unset', () => {
    const config = loadKitConfig('todo', {
      TODO_PORT: '9001',
      OUTBOX_SWEEP_SECONDS: '2',
      SEED_DEMO: '',
      LOG_LEVEL: '',
    });
    expect(config.port).toBe(9001);
    expect(config.outboxSweepMs).toBe(2000);
    expect(config.seedDemo).toBe(true);
    expect(config.logLevel).toBe('info');
    expect(loadKitConfig('todo', { SEED_DEMO: 'off' }).seedDemo).toBe(false);
    expect(loadKitConfig('todo', { NODE_ENV: 'production', ...productionEnv }).seedDemo).toBe(false);
  });
});
