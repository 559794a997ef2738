import { existsSync } from 'node:fs';
import { isProcessAlive } from '@liveedu/local-servers';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { Client as MinioClient } from 'minio';
import { MongoClient } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { isolation, startPrivateNats, testServers } from './index.ts';

describe('isolation', () => {
  it('gives unique, short, lowercase names valid for MongoDB, NATS and S3', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const iso = isolation();
      expect(seen.has(iso.id)).toBe(false);
      seen.add(iso.id);
      expect(iso.id).toMatch(/^t[0-9a-f]{6}$/);
      expect(iso.dbName('identity')).toBe(`${iso.id}_identity`);
      expect(iso.eventPrefix).toBe(`${iso.id}.`);
      expect(iso.bucketPrefix).toBe(`${iso.id}-`);
      // S3 bucket names: 3-63 chars, lowercase letters, digits and hyphens, starting and ending alphanumeric
      expect(`${iso.bucketPrefix}uploads`).toMatch(/^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/);
      // NATS: the prefix is one subject token (no spaces, wildcards or inner dots)
      expect(iso.eventPrefix).toMatch(/^[A-Za-z0-9_-]+\.$/);
    }
    const labelled = isolation('Identity Service!');
    expect(labelled.id).toMatch(/^t[0-9a-f]{6}identity$/);
    expect(() => isolation().dbName('bad.name')).toThrow(/valid database name/);
  });
});

describe('testServers', () => {
  it('provides a MongoDB-compatible server that stores documents', async () => {
    const iso = isolation('mongo');
    const client = new MongoClient(testServers().mongoUrl);
    try {
      const db = client.db(iso.dbName('kit'));
      await db.collection('items').insertOne({ _id: 'a' as never, n: 1 });
      expect(await db.collection('items').findOne({})).toEqual({ _id: 'a', n: 1 });
      await db.dropDatabase();
    } finally {
      await client.close();
    }
  });

  it('provides NATS with JetStream that stores a message once per event id', async () => {
    const iso = isolation('nats');
    const nc = await connect({ servers: testServers().natsUrl });
    const stream = `${iso.id}_EVENTS`;
    try {
      const jsm = await jetstreamManager(nc);
      await jsm.streams.add({ name: stream, subjects: [`${iso.eventPrefix}>`] });
      const js = jetstream(nc);
      const first = await js.publish(`${iso.eventPrefix}kit.thing.created`, '{"n":1}', { msgID: 'e1' });
      const dup = await js.publish(`${iso.eventPrefix}kit.thing.created`, '{"n":1}', { msgID: 'e1' });
      expect(dup.duplicate).toBe(true);
      const stored = await jsm.streams.getMessage(stream, { seq: first.seq });
      expect(stored?.json()).toEqual({ n: 1 });
      expect((await jsm.streams.info(stream)).state.messages).toBe(1);
      await jsm.streams.delete(stream);
    } finally {
      await nc.close();
    }
  });

  it('provides S3 that accepts a bucket, an object and reads it back', async () => {
    const iso = isolation('s3');
    const s3 = testServers().s3;
    const client = new MinioClient({ ...s3 });
    const bucket = `${iso.bucketPrefix}files`;
    await client.makeBucket(bucket);
    await client.putObject(bucket, 'hello.txt', Buffer.from('hello s3'), undefined, {
      'Content-Type': 'text/plain',
    });
    const chunks: Buffer[] = [];
    for await (const chunk of await client.getObject(bucket, 'hello.txt')) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('hello s3');
    await client.removeObject(bucket, 'hello.txt');
    await client.removeBucket(bucket);
    expect(await client.bucketExists(bucket)).toBe(false);
  });
});

describe('startPrivateNats', () => {
  it('runs a NATS of its own that survives restart() with its JetStream data, then cleans up', async () => {
    const nats = await startPrivateNats();
    expect(nats.url).not.toBe(testServers().natsUrl);
    let nc = await connect({ servers: nats.url });
    const jsm = await jetstreamManager(nc);
    await jsm.streams.add({ name: 'PRIVATE', subjects: ['private.>'] });
    await jetstream(nc).publish('private.kept', 'still here');
    await nc.close();

    await nats.restart();
    nc = await connect({ servers: nats.url });
    try {
      const msg = await (await jetstreamManager(nc)).streams.getMessage('PRIVATE', { seq: 1 });
      expect(msg?.string()).toBe('still here');
    } finally {
      await nc.close();
    }

    const logFile = nats.logFile;
    expect(existsSync(logFile)).toBe(true);
    await nats.stop();
    expect(isProcessAlive(nats.pid)).toBe(false);
    expect(existsSync(logFile)).toBe(false);
  });
});
