import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createService, type Service } from '@liveedu/service-kit';
import { isolation, testServiceConfig } from '@liveedu/test-kit';
import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaService } from '../app.ts';
import { RENDITIONS_BUCKET, renditionsPrefix } from '../stream/store.ts';
import { UPLOADS_BUCKET, VIDEOS, type VideoDoc } from '../videos/store.ts';
import { TRANSCODE_JOBS } from './store.ts';
import { makeTestPattern } from './test-pattern.ts';
import { toolPaths } from './tools.ts';
import { startTranscoder, type Transcoder } from './worker.ts';

const tools = toolPaths();
let service: Service;
let dir: string;
const transcoders: Transcoder[] = [];

beforeAll(async () => {
  const iso = isolation('media');
  dir = await mkdtemp(join(tmpdir(), 'liveedu-worker-'));
  // The service's own worker is off: each test runs the transcoders it needs.
  service = await createService(mediaService, {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'error', MEDIA_TRANSCODE_CONCURRENCY: '0' },
    config: testServiceConfig(iso, 'media'),
  });
}, 60_000);

afterAll(async () => {
  await Promise.all(transcoders.map((t) => t.stop()));
  await service?.close();
  await rm(dir, { recursive: true, force: true });
});

function transcoder(): Transcoder {
  const { app } = service;
  const started = startTranscoder({
    db: app.db,
    storage: app.storage,
    outbox: app.outbox,
    tools,
    concurrency: 1,
    log: app.log,
    pollMs: 100,
  });
  transcoders.push(started);
  return started;
}

/** A video whose upload is complete and whose job some process took, as if that process then died. */
async function orphanedJob(source: Buffer | string, attempts: number): Promise<string> {
  const { app } = service;
  const videoId = new ObjectId().toHexString();
  const uploadKey = `tutor/${videoId}/lecture.mp4`;
  if (typeof source === 'string') {
    await (await app.storage.client()).fPutObject(app.storage.bucket(UPLOADS_BUCKET), uploadKey, source);
  } else await app.storage.put(UPLOADS_BUCKET, uploadKey, source, 'video/mp4');
  const now = new Date();
  await VIDEOS.in(app.db).insertOne({
    _id: videoId,
    tutorId: new ObjectId().toHexString(),
    filename: 'lecture.mp4',
    contentType: 'video/mp4',
    size: 1,
    uploadKey,
    status: 'processing',
    createdAt: now,
    updatedAt: now,
  });
  // Its lease ran out a second ago: the process holding it stopped renewing.
  await TRANSCODE_JOBS.in(app.db).insertOne({
    _id: videoId,
    attempts,
    leaseUntil: new Date(Date.now() - 1000),
    enqueuedAt: now,
  });
  return videoId;
}

async function until(videoId: string, status: VideoDoc['status']): Promise<VideoDoc> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const video = await VIDEOS.in(service.app.db).findOne({ _id: videoId });
    if (video?.status === status) return video;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`video ${videoId} never became ${status}`);
}

async function keysUnder(prefix: string): Promise<string[]> {
  const { app } = service;
  const keys: string[] = [];
  for await (const item of (await app.storage.client()).listObjectsV2(
    app.storage.bucket(RENDITIONS_BUCKET),
    prefix,
    true,
  )) {
    if (item.name) keys.push(item.name);
  }
  return keys;
}

/** The media events published about a video, from the service's stream. */
async function published(videoId: string): Promise<Array<{ type: string; data: { videoId: string } }>> {
  const bus = service.bus!;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const info = await bus.jsm.streams.info(bus.names.stream('media'));
    const found: Array<{ type: string; data: { videoId: string } }> = [];
    for (let seq = info.state.first_seq; seq <= info.state.last_seq && info.state.messages > 0; seq += 1) {
      const message = await bus.jsm.streams.getMessage(bus.names.stream('media'), { seq }).catch(() => null);
      const event = message?.json<{ type: string; data: { videoId: string } }>();
      if (event?.data.videoId === videoId) found.push({ type: event.type, data: event.data });
    }
    if (found.length > 0 || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the transcoding queue', () => {
  it('takes over a job whose process died, and serves only the set it finished', async () => {
    const source = join(dir, 'lecture.mp4');
    await makeTestPattern(tools, source, { seconds: 3, width: 854, height: 480 });
    const videoId = await orphanedJob(source, 1);
    // What the dead process had written before it stopped.
    await service.app.storage.put(
      RENDITIONS_BUCKET,
      `${videoId}/s1-dead/360p/seg_0000.ts`,
      Buffer.from('half'),
      'video/mp2t',
    );
    const worker = transcoder();
    const ready = await until(videoId, 'ready');
    await worker.idle();
    expect(ready.renditionSet).toMatch(/^s2-/);
    expect(ready.renditions?.map((r) => r.name)).toEqual(['360p', '480p']);
    const served = await keysUnder(renditionsPrefix(videoId, ready.renditionSet));
    expect(served).toContain(`${videoId}/${ready.renditionSet}/master.m3u8`);
    expect(served.filter((k) => k.endsWith('.ts')).length).toBeGreaterThanOrEqual(2);
    expect(await TRANSCODE_JOBS.in(service.app.db).findOne({ _id: videoId })).toBeNull();
    expect(await published(videoId)).toEqual([
      { type: 'media.video.ready', data: expect.objectContaining({ videoId, renditions: ['360p', '480p'] }) },
    ]);
  }, 90_000);

  it('runs a job once when two processes look for work at the same time', async () => {
    const source = join(dir, 'short.mp4');
    await makeTestPattern(tools, source, { seconds: 2, width: 640, height: 360 });
    const videoId = await orphanedJob(source, 0);
    const [a, b] = [transcoder(), transcoder()];
    const ready = await until(videoId, 'ready');
    await Promise.all([a.idle(), b.idle()]);
    const sets = new Set((await keysUnder(`${videoId}/`)).map((key) => key.split('/')[1]));
    expect([...sets]).toEqual([ready.renditionSet]);
  }, 90_000);

  it('ends a file that is not a video as failed, with a reason and a failure event', async () => {
    const videoId = await orphanedJob(Buffer.from('not a video at all'), 0);
    transcoder();
    const failed = await until(videoId, 'failed');
    expect(failed.error).toBe('The file is not a video we can read');
    expect(await keysUnder(`${videoId}/`)).toEqual([]);
    expect(await published(videoId)).toEqual([
      { type: 'media.video.failed', data: expect.objectContaining({ videoId, error: failed.error }) },
    ]);
  }, 60_000);
});
