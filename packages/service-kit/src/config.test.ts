import { describe, expect, it } from 'vitest';
import { ConfigError, loadKitConfig } from './config.ts';

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
    expect(() => loadKitConfig('identity', { NODE_ENV: 'production' })).toThrow(ConfigError);
    try {
      loadKitConfig('identity', { NODE_ENV: 'production', MONGO_URL: 'mongodb://db/' });
    } catch (error) {
      const message = (error as Error).message;
      for (const name of [
        'NATS_URL',
        'S3_ENDPOINT',
        'S3_ACCESS_KEY',
        'S3_SECRET_KEY',
        'INTERNAL_SECRET',
        'JWT_SECRET',
      ]) {
        expect(message).toContain(name);
      }
      expect(message).not.toContain('MONGO_URL');
    }
  });

  it('refuses short secrets in production and accepts a complete environment', () => {
    const env = {
      NODE_ENV: 'production',
      MONGO_URL: 'mongodb://db/',
      NATS_URL: 'nats://nats:4222',
      S3_ENDPOINT: 'https://s3.example.com',
      S3_ACCESS_KEY: 'key',
      S3_SECRET_KEY: 'secret',
      INTERNAL_SECRET: 'short',
      JWT_SECRET: 'short',
    };
    expect(() => loadKitConfig('todo', env)).toThrow(/at least 32 characters/);
    const config = loadKitConfig('todo', {
      ...env,
      INTERNAL_SECRET: 'i'.repeat(32),
      JWT_SECRET: 'j'.repeat(32),
    });
    expect(config.host).toBe('0.0.0.0');
    expect(config.s3).toMatchObject({ endPoint: 's3.example.com', port: 443, useSSL: true });
  });

  it('names a bad port or endpoint', () => {
    expect(() => loadKitConfig('todo', { TODO_PORT: 'eighty' })).toThrow(/TODO_PORT/);
    expect(() => loadKitConfig('todo', { S3_ENDPOINT: 'http://' })).toThrow(/S3_ENDPOINT/);
  });
});
