import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { identityService } from '@liveedu/identity';
import { makeTestPattern, mediaService, toolPaths } from '@liveedu/media';
import { createService, type Service } from '@liveedu/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTutor } from '../support/flows.ts';
import { videoUploads } from '../support/media.ts';
import { type Session, startTestStack, type TestStack } from '../support/stack.ts';

// Deployed, the media API runs with transcoding off and transcoders run on their own, scaled
// apart from it (infra/deploy: `media-transcoder`). This is that split: the API's instance queues
// jobs it never runs; separate instances of the service with transcoding on share the queue.

const tools = toolPaths();
const SECRET = 'media-transcoder-test-secret-of-enough-length';
let stack: TestStack;
let tutor: Session;
let lecture: Buffer;
let dir: string;
const transcoders: Service[] = [];

/** One more instance of the media service, as the transcoder deployment runs it. */
async function startTranscoder(): Promise<Service> {
  const api = stack.services.media as Service;
  const { settings: _own, ...shared } = api.app.config;
  const transcoder = await createService(mediaService, {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      SEED_DEMO: '0',
      MEDIA_PLAYBACK_SECRET: SECRET,
      MEDIA_TRANSCODE_CONCURRENCY: '1',
    },
    config: { ...shared, port: 0 },
  });
  transcoders.push(transcoder);
  return transcoder;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'liveedu-transcoder-'));
  const source = join(dir, 'lecture.mp4');
  await makeTestPattern(tools, source, { seconds: 3 });
  lecture = await readFile(source);
  stack = await startTestStack({
    services: { identity: identityService, media: mediaService },
    env: { MEDIA_PLAYBACK_SECRET: SECRET, MEDIA_TRANSCODE_CONCURRENCY: '0' },
  });
  tutor = await newTutor(stack);
}, 120_000);

afterAll(async () => {
  await Promise.all(transcoders.map((t) => t.close()));
  await stack?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('transcoding apart from the API', () => {
  it('an API instance with transcoding off only queues; two transcoders started on their own share the queue and make every video', async () => {
    const uploads = videoUploads(stack);
    const first = await uploads.uploadWhole(tutor, lecture, 'first.mp4');
    const second = await uploads.uploadWhole(tutor, lecture, 'second.mp4');
    // Longer than the transcoders' poll: nothing runs the jobs yet.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    for (const videoId of [first, second]) {
      const view = await stack.call('GET', `/api/v1/videos/${videoId}`, { as: tutor });
      expect(view.body.status).toBe('processing');
    }

    // Scaled out: two transcoders share the queue, each job taken once under its lease.
    await Promise.all([startTranscoder(), startTranscoder()]);
    for (const videoId of [first, second]) {
      const view = await uploads.settled(tutor, videoId);
      expect(view.status).toBe('ready');
      expect(view.renditions.length).toBeGreaterThanOrEqual(2);
    }
    const jobs = await (stack.services.media as Service).app.db
      .collection('transcode_jobs')
      .countDocuments({});
    expect(jobs).toBe(0);
  }, 150_000);
});
