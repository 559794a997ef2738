import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { Client as MinioClient } from 'minio';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  installServers,
  isProcessAlive,
  type NatsServer,
  s3FromEnv,
  startLivekit,
  startLocalServers,
  startMinio,
  startMongo,
  startNats,
} from './index.ts';
import { mongoServerKey, placeBinary } from './install.ts';
import { cacheBinDir, repoRoot, toolsBinDir } from './paths.ts';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'liveedu-ls-test-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Runs `test` while something else listens on a free port, the one it is given. */
async function whilePortTaken(test: (port: number) => Promise<void>): Promise<void> {
  const blocker = createServer();
  const port = await freePort();
  await new Promise<void>((r) => blocker.listen(port, '127.0.0.1', r));
  try {
    await test(port);
  } finally {
    blocker.close();
  }
}

describe('installServers', () => {
  it('installs pinned binaries into .tools/bin from the machine cache, and is fast the second time', async () => {
    const first = await installServers();
    const t0 = performance.now();
    const second = await installServers();
    const elapsed = performance.now() - t0;
    expect(second).toEqual(first);
    expect(elapsed).toBeLessThan(3000);

    expect(first.minio).toBe(join(toolsBinDir(), 'minio'));
    expect(first.natsServer).toBe(join(toolsBinDir(), 'nats-server'));
    for (const bin of Object.values(first)) expect(statSync(bin).mode & 0o111).not.toBe(0);
    if (!first.mongod) {
      // the repo copy is the cached build of these exact sources
      const key = mongoServerKey();
      expect(first.mongoServer).toBe(join(toolsBinDir(), 'mongo-server'));
      expect(readFileSync(`${first.mongoServer}.version`, 'utf8').trim()).toBe(key);
      // (a cache emptied by hand after installing is not rebuilt while the repo copy is current)
      const cached = join(cacheBinDir(), key, 'mongo-server');
      if (existsSync(cached)) expect(realpathSync(first.mongoServer!)).toBe(realpathSync(cached));
    }
    expect(toolsBinDir().startsWith(repoRoot)).toBe(true);
  }, 900_000);

  it('placeBinary replaces the repo copy only when the version key changes', async () => {
    const dir = join(root, 'place');
    const v1 = join(root, 'v1');
    const v2 = join(root, 'v2');
    await writeFile(v1, '#!/bin/sh\necho one\n', { mode: 0o755 });
    await writeFile(v2, '#!/bin/sh\necho two\n', { mode: 0o755 });
    const dest = join(dir, 'tool');
    expect(await placeBinary(v1, dest, 'tool-1')).toBe(true);
    expect(await placeBinary(v1, dest, 'tool-1')).toBe(false);
    expect(readFileSync(dest, 'utf8')).toContain('one');
    expect(await placeBinary(v2, dest, 'tool-2')).toBe(true);
    expect(readFileSync(dest, 'utf8')).toContain('two');
    expect(readFileSync(`${dest}.version`, 'utf8').trim()).toBe('tool-2');
    expect((await readdir(dir)).sort()).toEqual(['tool', 'tool.version']);
  });
});

describe('s3FromEnv', () => {
  it('reads host, port and TLS from S3_ENDPOINT and its companions', () => {
    const keys = { S3_ACCESS_KEY: 'a', S3_SECRET_KEY: 'b' };
    expect(s3FromEnv({})).toBeUndefined();
    expect(s3FromEnv({ S3_ENDPOINT: 'https://s3.example.com', ...keys })).toEqual({
      endPoint: 's3.example.com',
      port: 443,
      useSSL: true,
      accessKey: 'a',
      secretKey: 'b',
    });
    expect(s3FromEnv({ S3_ENDPOINT: 'http://minio:9000', ...keys })).toMatchObject({
      endPoint: 'minio',
      port: 9000,
      useSSL: false,
    });
    expect(s3FromEnv({ S3_ENDPOINT: 'minio', S3_PORT: '9002', S3_USE_SSL: 'false', ...keys })).toMatchObject({
      endPoint: 'minio',
      port: 9002,
      useSSL: false,
    });
    expect(() => s3FromEnv({ S3_ENDPOINT: 'minio' })).toThrow(/S3_ACCESS_KEY/);
  });
});

describe('startMongo', () => {
  it('answers ping, keeps its data across restarts on the same dataDir (any heap bound), and stop() ends the process', async () => {
    const dataDir = join(root, 'mongo-run');
    const first = await startMongo({ dataDir, heap: '256m' });
    expect(first.url).toMatch(/^mongodb:\/\/127\.0\.0\.1:\d+\/$/);
    let client = new MongoClient(first.url);
    try {
      expect((await client.db('admin').command({ ping: 1 })).ok).toBe(1);
      await client.db('lstest').collection('things').insertOne({ name: 'kept' });
    } finally {
      await client.close();
    }
    await first.stop();
    expect(isProcessAlive(first.pid)).toBe(false);
    expect(existsSync(join(dataDir, 'logs', 'mongo.log'))).toBe(true);

    // A bound below the JVM's usual starting floor still starts (the floor follows the bound).
    const second = await startMongo({ dataDir, heap: '128m' });
    client = new MongoClient(second.url);
    try {
      const doc = await client.db('lstest').collection('things').findOne({ name: 'kept' });
      expect(doc?.name).toBe('kept');
    } finally {
      await client.close();
      await second.stop();
    }
    expect(isProcessAlive(second.pid)).toBe(false);
  });

  it('gives its heap back once it rests after work, once, not again while it stays at rest', async () => {
    const dataDir = join(root, 'mongo-rest');
    const server = await startMongo({ dataDir, heap: '512m', restSeconds: 2 });
    const client = new MongoClient(server.url);
    const log = join(dataDir, 'logs', 'mongo.log');
    const returns = () => readFileSync(log, 'utf8').split('heap returned').length - 1;
    try {
      // Work that leaves garbage: documents written, then replaced.
      const notes = client.db('lstest').collection<{ _id: number; text: string }>('notes');
      for (let round = 0; round < 4; round += 1) {
        await notes.deleteMany({});
        await notes.insertMany(
          Array.from({ length: 4_000 }, (_, i) => ({ _id: i, text: 'x'.repeat(4_000) })),
        );
      }
      const deadline = Date.now() + 20_000;
      while (returns() === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
      expect(returns()).toBe(1);
      expect(readFileSync(log, 'utf8')).toMatch(
        /heap returned, committed \d+ -> \d+ MiB, in use \d+ -> \d+ MiB/,
      );
      await new Promise((r) => setTimeout(r, 5_000));
      expect(returns()).toBe(1);
    } finally {
      await client.close();
      await server.stop();
    }
  }, 60_000);

  it('keeps its file small: 5,000 course-like documents take less room on disk than as BSON', async () => {
    const dataDir = join(root, 'mongo-size');
    const server = await startMongo({ dataDir, heap: '256m' });
    const client = new MongoClient(server.url);
    try {
      const courses = client.db('lstest').collection('courses');
      for (let batch = 0; batch < 5; batch += 1) {
        await courses.insertMany(
          Array.from({ length: 1_000 }, (_, i) => ({
            title: `Course ${batch * 1_000 + i} on data analysis with Python`,
            description: 'Learn to clean, explore and chart data. '.repeat(20),
            price: 499 + i,
            level: 'beginner',
            sections: [1, 2, 3].map((s) => ({
              title: `Section ${s}`,
              items: [1, 2, 3, 4, 5].map((k) => ({
                title: `Lecture ${s}.${k}`,
                kind: 'video',
                seconds: 300,
              })),
            })),
            createdAt: new Date(),
          })),
        );
      }
    } finally {
      await client.close();
      await server.stop();
    }
    // About 2 kB a document as BSON (9.4 MiB in all); stored uncompressed they took 17 MiB, compressed 4.4.
    const fileMiB = statSync(join(dataDir, 'mongo', 'liveedu.mv.db')).size / 1024 / 1024;
    expect(fileMiB).toBeLessThan(8);
  });
  it('warns once, with field names and no values, when a query reads a whole large collection', async () => {
    const dataDir = join(root, 'mongo-scan');
    const server = await startMongo({ dataDir, backend: 'memory', heap: '256m' });
    const client = new MongoClient(server.url);
    const warnings = () =>
      readFileSync(join(dataDir, 'logs', 'mongo.log'), 'utf8')
        .split('\n')
        .filter((line) => line.includes('reads all'));
    try {
      const rows = client.db('lstest').collection<{ _id: number; owner: string; code: string }>('rows');
      await rows.insertMany(
        Array.from({ length: 10_000 }, (_, i) => ({ _id: i, owner: `owner-${i % 10}`, code: `secret-${i}` })),
      );
      // By key, with a further condition, and everything on purpose: no warning.
      expect(await rows.findOne({ _id: 7, owner: 'owner-7' })).not.toBeNull();
      expect(await rows.countDocuments({})).toBe(10_000);
      await rows.find({}).limit(5).toArray();
      expect(warnings()).toEqual([]);

      // A field no unique index has: every document is read, and the log says so once.
      expect(await rows.findOne({ owner: 'owner-3', code: 'secret-3' })).not.toBeNull();
      await rows.findOne({ owner: 'owner-4', code: 'secret-4' });
      const said = warnings();
      expect(said).toHaveLength(1);
      expect(said[0]).toContain('lstest.rows fields [owner, code] reads all 10000 documents');
      expect(said[0]).not.toContain('secret-');
    } finally {
      await client.close();
      await server.stop();
    }
  });

  it('exits and says so when its port is taken, so a start on free ports can try another', async () => {
    await whilePortTaken(async (port) => {
      await expect(
        startMongo({ dataDir: join(root, 'mongo-busy'), backend: 'memory', heap: '256m', port }),
      ).rejects.toThrow(
        /mongo-java-server on port \d+ exited with code 1 before it answered\. Last lines of .*mongo\.log:\n[\s\S]*Address already in use/,
      );
    });
  });

  it('applies concurrent updates of one document atomically, guards included, and enforces unique indexes', async () => {
    const server = await startMongo({ dataDir: join(root, 'mongo-atomic'), backend: 'memory', heap: '256m' });
    const client = new MongoClient(server.url, { maxPoolSize: 50 });
    try {
      const things = client
        .db('lstest')
        .collection<{ _id: string; n: number; last: number[]; balance: number }>('atomic');
      await things.insertOne({ _id: 'one', n: 0, last: [], balance: 100 });
      await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          things.updateOne({ _id: 'one' }, { $inc: { n: 1 }, $push: { last: { $each: [i], $slice: -10 } } }),
        ),
      );
      const after = await things.findOne({ _id: 'one' });
      expect(after?.n).toBe(200);
      expect(after?.last).toHaveLength(10);

      const taken = await Promise.all(
        Array.from({ length: 50 }, () =>
          things.findOneAndUpdate({ _id: 'one', balance: { $gte: 10 } }, { $inc: { balance: -10 } }),
        ),
      );
      expect(taken.filter(Boolean)).toHaveLength(10);
      expect((await things.findOne({ _id: 'one' }))?.balance).toBe(0);

      const keyed = client.db('lstest').collection('keyed');
      await keyed.createIndex({ key: 1 }, { unique: true });
      const inserts = await Promise.allSettled(
        Array.from({ length: 50 }, (_, i) => keyed.insertOne({ key: 'same', i })),
      );
      expect(inserts.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of inserts)
        if (r.status === 'rejected') expect((r.reason as { code?: number }).code).toBe(11000);
    } finally {
      await client.close();
      await server.stop();
    }
  });
  it.each(['memory', 'h2'] as const)(
    'answers queries that name a unique key with further conditions exactly as a scan would (%s)',
    async (backend) => {
      const server = await startMongo({
        dataDir: join(root, `mongo-keyed-${backend}`),
        backend,
        heap: '256m',
      });
      const client = new MongoClient(server.url);
      try {
        type Row = {
          _id: string;
          code: string;
          n: number;
          flag?: boolean;
          tags: string[];
          sub: { k: number };
        };
        const rows = client.db('lstest').collection<Row>('keyed_lookups');
        await rows.createIndex({ code: 1 }, { unique: true });
        await rows.insertMany(
          Array.from({ length: 50 }, (_, i) => ({
            _id: `r${i}`,
            code: `c${i}`,
            n: i,
            ...(i % 2 === 0 ? { flag: true } : {}),
            tags: i % 3 === 0 ? ['x'] : [],
            sub: { k: i % 5 },
          })),
        );
        const ids = async (filter: Record<string, unknown>) =>
          (await rows.find(filter as never, { projection: { _id: 1 } }).toArray()).map((r) => r._id).sort();
        // By _id with a condition that holds, one that does not, and operators on other fields.
        expect(await ids({ _id: 'r4', flag: true })).toEqual(['r4']);
        expect(await ids({ _id: 'r5', flag: true })).toEqual([]);
        expect(await ids({ _id: 'r6', n: { $gte: 6 }, tags: { $ne: 'y' } })).toEqual(['r6']);
        expect(await ids({ _id: 'r6', tags: 'x', 'sub.k': 1 })).toEqual(['r6']);
        expect(await ids({ _id: 'r6', $or: [{ n: 1 }, { flag: { $exists: false } }] })).toEqual([]);
        expect(await ids({ _id: { $in: ['r1', 'r2', 'r3', 'nope'] }, flag: true })).toEqual(['r2']);
        // By another unique key, and by both keys at once.
        expect(await ids({ code: 'c8', n: 8 })).toEqual(['r8']);
        expect(await ids({ code: 'c8', _id: 'r9' })).toEqual([]);
        // An operator the key cannot be looked up by falls back to the scan.
        expect(await ids({ _id: { $gte: 'r48', $lte: 'r49' }, flag: true })).toEqual(['r48']);
        // Guarded updates and deletes by key honour their guards.
        expect(
          (await rows.updateOne({ _id: 'r10', tags: { $ne: 'z' } }, { $push: { tags: 'z' } })).modifiedCount,
        ).toBe(1);
        expect(
          (await rows.updateOne({ _id: 'r10', tags: { $ne: 'z' } }, { $push: { tags: 'z' } })).modifiedCount,
        ).toBe(0);
        expect(await rows.countDocuments({ _id: 'r10', tags: 'z' })).toBe(1);
        expect((await rows.deleteOne({ _id: 'r11', flag: true })).deletedCount).toBe(0);
        expect((await rows.deleteOne({ _id: 'r12', flag: true })).deletedCount).toBe(1);
        expect(await rows.findOneAndUpdate({ _id: 'r14', n: { $lt: 0 } }, { $set: { n: -1 } })).toBeNull();
      } finally {
        await client.close();
        await server.stop();
      }
    },
  );
});

async function publishAndRead(server: NatsServer, stream: string, op: 'create' | 'read'): Promise<string[]> {
  const nc = await connect({ servers: server.url });
  try {
    const jsm = await jetstreamManager(nc);
    if (op === 'create') {
      await jsm.streams.add({ name: stream, subjects: [`${stream}.>`] });
      const js = jetstream(nc);
      const ack = await js.publish(`${stream}.created`, 'hello', { msgID: 'event-1' });
      const again = await js.publish(`${stream}.created`, 'hello', { msgID: 'event-1' });
      expect(again.duplicate).toBe(true);
      expect(again.seq).toBe(ack.seq);
    }
    const info = await jsm.streams.info(stream);
    const out: string[] = [];
    for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq++) {
      const msg = await jsm.streams.getMessage(stream, { seq });
      if (msg) out.push(msg.string());
    }
    return out;
  } finally {
    await nc.close();
  }
}

describe('startNats', () => {
  it('runs JetStream, keeps stored messages across restart() on the same port, and stop() ends it', async () => {
    const server = await startNats({ dataDir: join(root, 'nats-run') });
    try {
      expect(server.url).toBe(`nats://127.0.0.1:${server.port}`);
      expect(await publishAndRead(server, 'LSTEST', 'create')).toEqual(['hello']);
      const before = server.pid;
      await server.restart();
      expect(isProcessAlive(before)).toBe(false);
      expect(server.pid).not.toBe(before);
      expect(server.url).toBe(`nats://127.0.0.1:${server.port}`);
      expect(await publishAndRead(server, 'LSTEST', 'read')).toEqual(['hello']);
    } finally {
      await server.stop();
    }
    expect(isProcessAlive(server.pid)).toBe(false);
  });

  it('fails with the server log when its port is taken', async () => {
    await whilePortTaken(async (port) => {
      await expect(startNats({ dataDir: join(root, 'nats-busy'), port })).rejects.toThrow(
        /nats-server on port \d+ exited with code \d+ before it answered\. Last lines of .*nats\.log:\n[\s\S]*address already in use/,
      );
    });
  });

  it('dies with its parent even when the parent is killed with SIGKILL', async () => {
    const script = [
      `import { startNats } from ${JSON.stringify(join(repoRoot, 'packages/local-servers/src/index.ts'))};`,
      `const s = await startNats({ dataDir: ${JSON.stringify(join(root, 'nats-orphan'))} });`,
      "console.log('pid=' + s.pid);",
      'setInterval(() => {}, 1000);',
    ].join('\n');
    const parent = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const pid = await new Promise<number>((resolvePid, reject) => {
      let out = '';
      parent.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const m = /pid=(\d+)/.exec(out);
        if (m) resolvePid(Number(m[1]));
      });
      parent.once('exit', (code) =>
        reject(new Error(`parent exited (${code}) before starting nats: ${out}`)),
      );
    });
    try {
      expect(isProcessAlive(pid)).toBe(true);
      parent.kill('SIGKILL');
      const deadline = Date.now() + 15_000;
      while (isProcessAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      expect(isProcessAlive(pid)).toBe(false);
    } finally {
      parent.kill('SIGKILL');
      if (isProcessAlive(pid)) process.kill(pid, 'SIGKILL');
    }
  });
});

describe('startMinio', () => {
  it('accepts a bucket and an object with the default credentials, and stop() ends it', async () => {
    const server = await startMinio({ dataDir: join(root, 'minio-run') });
    try {
      expect(server).toMatchObject({ endPoint: '127.0.0.1', useSSL: false, accessKey: 'liveedu' });
      const health = await fetch(`${server.url}/minio/health/ready`);
      expect(health.status).toBe(200);
      const client = new MinioClient({
        endPoint: server.endPoint,
        port: server.port,
        useSSL: server.useSSL,
        accessKey: server.accessKey,
        secretKey: server.secretKey,
      });
      await client.makeBucket('lstest');
      await client.putObject('lstest', 'a.txt', Buffer.from('stored'));
      const stream = await client.getObject('lstest', 'a.txt');
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).toString()).toBe('stored');
      const wrong = new MinioClient({
        endPoint: server.endPoint,
        port: server.port,
        useSSL: server.useSSL,
        accessKey: 'nobody',
        secretKey: 'wrong-secret',
      });
      await expect(wrong.bucketExists('lstest')).rejects.toThrow();
    } finally {
      await server.stop();
    }
    expect(isProcessAlive(server.pid)).toBe(false);
  });
});

describe('startLocalServers', () => {
  it('starts nothing for servers the environment points at', async () => {
    const dataDir = join(root, 'external');
    const env = {
      MONGO_URL: 'mongodb://db.example:27017/',
      NATS_URL: 'nats://bus.example:4222',
      S3_ENDPOINT: 'https://files.example',
      S3_ACCESS_KEY: 'k',
      S3_SECRET_KEY: 's3cret',
    };
    const servers = await startLocalServers({ dataDir, env });
    expect(servers.mongoUrl).toBe(env.MONGO_URL);
    expect(servers.natsUrl).toBe(env.NATS_URL);
    expect(servers.s3).toEqual({
      endPoint: 'files.example',
      port: 443,
      useSSL: true,
      accessKey: 'k',
      secretKey: 's3cret',
    });
    expect(existsSync(dataDir)).toBe(false);
    await servers.stop();
  });
});

/** An access token of LiveKit's kind (a JWT, HS256) for `room`, signed with `secret`. */
function livekitToken(apiKey: string, secret: string, room: string): string {
  const now = Math.floor(Date.now() / 1000);
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({
    iss: apiKey,
    sub: 'tester',
    nbf: now - 5,
    exp: now + 600,
    video: { room, roomJoin: true },
  })}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

describe('startLivekit', () => {
  it('runs the media server with its own key: a token signed with it is accepted, another refused', async () => {
    const server = await startLivekit({
      dataDir: join(root, 'livekit'),
      webhookUrls: ['http://127.0.0.1:9/hook'],
    });
    try {
      expect(server.wsUrl).toBe(server.url.replace('http:', 'ws:'));
      const validate = (token: string) =>
        fetch(`${server.url}/rtc/validate?access_token=${token}`).then(async (res) => {
          await res.body?.cancel();
          return res.status;
        });
      expect(await validate(livekitToken(server.apiKey, server.apiSecret, 'room-a'))).toBe(200);
      expect(
        await validate(livekitToken(server.apiKey, 'not-the-secret-of-this-server-0123', 'room-a')),
      ).toBe(401);
      const config = readFileSync(join(root, 'livekit', 'livekit.yaml'), 'utf8');
      expect(config).toContain('http://127.0.0.1:9/hook');
      expect(statSync(join(root, 'livekit', 'livekit.yaml')).mode & 0o077).toBe(0);
    } finally {
      await server.stop();
    }
    expect(isProcessAlive(server.pid)).toBe(false);
  });
});
