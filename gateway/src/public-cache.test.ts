import { describe, expect, it } from 'vitest';
import { notModified, PublicCache, sharedMaxAgeMs } from './public-cache.ts';

const cache = () =>
  new PublicCache({ maxEntries: 10, maxBytes: 10_000, maxBodyBytes: 1_000, maxTtlMs: 5_000 });
const JSON_PUBLIC = {
  'content-type': 'application/json',
  'cache-control': 'public, s-maxage=1',
  etag: 'W/"1"',
};

describe('sharedMaxAgeMs', () => {
  it('keeps only what the service marks public with an s-maxage', () => {
    expect(sharedMaxAgeMs('public, max-age=0, must-revalidate, s-maxage=1')).toBe(1000);
    expect(sharedMaxAgeMs('Public, S-MAXAGE=3')).toBe(3000);
    expect(sharedMaxAgeMs('public, max-age=60')).toBe(0);
    expect(sharedMaxAgeMs('private, no-cache')).toBe(0);
    expect(sharedMaxAgeMs('public, no-store, s-maxage=5')).toBe(0);
    expect(sharedMaxAgeMs('public, s-maxage=abc')).toBe(0);
    expect(sharedMaxAgeMs(undefined)).toBe(0);
  });
});

describe('PublicCache', () => {
  it('keeps a public 200 with its headers and gives it back', () => {
    const c = cache();
    expect(c.store('/a', c.current, 200, { ...JSON_PUBLIC, date: 'now' }, Buffer.from('{"a":1}'))).toBe(true);
    const hit = c.get('/a');
    expect(hit?.body.toString()).toBe('{"a":1}');
    expect(hit?.headers).toEqual(JSON_PUBLIC);
    expect(hit?.etag).toBe('W/"1"');
  });

  it('refuses errors, cookies, large bodies and answers its service keeps private', () => {
    const c = cache();
    expect(c.store('/404', c.current, 404, JSON_PUBLIC, Buffer.from('{}'))).toBe(false);
    expect(
      c.store('/cookie', c.current, 200, { ...JSON_PUBLIC, 'set-cookie': 'a=b' }, Buffer.from('{}')),
    ).toBe(false);
    expect(c.store('/big', c.current, 200, JSON_PUBLIC, Buffer.alloc(2_000))).toBe(false);
    expect(c.store('/private', c.current, 200, { 'cache-control': 'private' }, Buffer.from('{}'))).toBe(
      false,
    );
    expect(c.size).toBe(0);
  });

  it('does not keep an answer whose request started before a clear', () => {
    const c = cache();
    const startedIn = c.current;
    c.clear();
    expect(c.store('/a', startedIn, 200, JSON_PUBLIC, Buffer.from('{}'))).toBe(false);
    expect(c.store('/a', c.current, 200, JSON_PUBLIC, Buffer.from('{}'))).toBe(true);
    c.clear();
    expect(c.get('/a')).toBeUndefined();
  });

  it('stays within its byte bound by dropping the least recently used', () => {
    const c = cache();
    for (let i = 0; i < 20; i += 1) c.store(`/p${i}`, c.current, 200, JSON_PUBLIC, Buffer.alloc(900));
    expect(c.size).toBeLessThanOrEqual(10);
    expect(c.get('/p19')).toBeDefined();
    expect(c.get('/p0')).toBeUndefined();
  });
});

describe('notModified', () => {
  it('compares ETags weakly and accepts a list or *', () => {
    expect(notModified('W/"1"', 'W/"1"')).toBe(true);
    expect(notModified('"1"', 'W/"1"')).toBe(true);
    expect(notModified('"2", W/"1"', 'W/"1"')).toBe(true);
    expect(notModified('*', 'W/"1"')).toBe(true);
    expect(notModified('"2"', 'W/"1"')).toBe(false);
    expect(notModified(undefined, 'W/"1"')).toBe(false);
  });
});
