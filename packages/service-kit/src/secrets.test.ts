import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PUBLISHED_VALUES, secretWeakness } from './secrets.ts';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** `NAME=value` lines of an env file, and `NAME: value` lines of a Secret's stringData. */
function exampleValues(file: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of readFileSync(join(repo, file), 'utf8').split('\n')) {
    const match = /^\s*([A-Z][A-Z0-9_]*)\s*[=:]\s*(\S.*?)\s*$/.exec(line);
    if (match) values[match[1] as string] = match[2] as string;
  }
  return values;
}

const SECRET_NAMES = [
  'INTERNAL_SECRET',
  'JWT_SECRET',
  'MEDIA_PLAYBACK_SECRET',
  'MONGO_ROOT_PASSWORD',
  'MINIO_ROOT_PASSWORD',
  'CATALOG_MONGO_PASSWORD',
  'GATEWAY_NATS_PASSWORD',
  'MEDIA_S3_SECRET_KEY',
  'ADMIN_PASSWORD',
  'RAZORPAY_KEY_SECRET',
  'RAZORPAY_WEBHOOK_SECRET',
];

describe('what production takes as a secret', () => {
  it('takes 32 random bytes written as base64url or hex', () => {
    for (let i = 0; i < 200; i += 1) {
      expect(secretWeakness(randomBytes(32).toString('base64url'), 'random')).toBeNull();
      expect(secretWeakness(randomBytes(32).toString('hex'), 'random')).toBeNull();
    }
  });

  it('refuses short, hex-short, repeated and regular strings, saying which rule', () => {
    const length = /at least 32 random bytes/;
    expect(secretWeakness('replace-me', 'random')).toMatch(length);
    expect(secretWeakness('replace-with-at-least-32-random-characters', 'random')).toMatch(length);
    expect(secretWeakness(randomBytes(31).toString('base64url'), 'random')).toMatch(length);
    // Hex carries 4 bits a character: 43 of them are not 32 bytes.
    expect(secretWeakness(randomBytes(32).toString('hex').slice(0, 60), 'random')).toMatch(length);
    expect(secretWeakness('with spaces and more than forty-three characters in all', 'random')).toMatch(
      length,
    );
    const regular = /not a repeated or regular string/;
    expect(secretWeakness('a'.repeat(64), 'random')).toMatch(regular);
    expect(secretWeakness('abcdefghijklmnopq'.repeat(3), 'random')).toMatch(regular);
    expect(secretWeakness('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ', 'random')).toMatch(regular);
    expect(secretWeakness('0123456789abcdef'.repeat(4), 'random')).toMatch(regular);
  });

  it('takes a provider-issued credential in the provider’s own length, but not a regular one', () => {
    expect(secretWeakness('EnLs21M47BllR3X8PSFtjtbd', 'issued')).toBeNull(); // Razorpay's shape
    expect(secretWeakness('wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', 'issued')).toBeNull(); // AWS's shape
    expect(secretWeakness('short', 'issued')).toMatch(/20 or more/);
    expect(secretWeakness('x'.repeat(24), 'issued')).toMatch(/regular/);
  });

  it('takes a strong admin password and refuses a short or guessable one', () => {
    expect(secretWeakness('violet-harbour-sprocket-1987', 'password')).toBeNull();
    expect(secretWeakness('Tr0ub4dor&3', 'password')).toMatch(/at least 12 characters/);
    expect(secretWeakness('password1234', 'password')).toMatch(/strong password/);
    expect(secretWeakness('qwertyuiop123', 'password')).toMatch(/strong password/);
  });

  it('lists every secret value the example files publish, and would refuse each', () => {
    for (const file of ['.env.example', 'infra/k8s/secret.example.yaml']) {
      const values = exampleValues(file);
      for (const name of SECRET_NAMES) {
        const value = values[name];
        expect(value, `${file} ${name}`).toBeDefined();
        expect(PUBLISHED_VALUES, `${file} ${name}`).toContain(value);
      }
    }
  });
});
