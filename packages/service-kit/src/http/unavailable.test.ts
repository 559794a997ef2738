import { createServer } from 'node:net';
import { MongoClient } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { badRequest } from './errors.ts';
import { isUnavailable } from './unavailable.ts';

/** A port nothing listens on (just released by a server of our own). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('isUnavailable', () => {
  it('recognises the driver giving up on a database that is not there', async () => {
    const client = new MongoClient(`mongodb://127.0.0.1:${await closedPort()}/`, {
      serverSelectionTimeoutMS: 300,
    });
    const error = await client
      .db('x')
      .collection('y')
      .findOne({})
      .catch((e: unknown) => e);
    await client.close();
    expect(isUnavailable(error)).toBe(true);
  });

  it('recognises a refused connection wrapped by fetch', async () => {
    const error = await fetch(`http://127.0.0.1:${await closedPort()}/`).catch((e: unknown) => e);
    expect((error as Error).name).toBe('TypeError');
    expect(isUnavailable(error)).toBe(true);
  });

  it('leaves other errors alone', () => {
    expect(isUnavailable(new Error('boom'))).toBe(false);
    expect(isUnavailable(badRequest('All fields are required'))).toBe(false);
    expect(isUnavailable(Object.assign(new Error('dup'), { code: 11000 }))).toBe(false);
    expect(isUnavailable(undefined)).toBe(false);
  });
});
