import { DEMO_VIDEOS } from '@liveedu/contracts';
import { createService, type Service } from '@liveedu/service-kit';
import { isolation, testServiceConfig } from '@liveedu/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaService } from '../app.ts';
import { VIDEOS } from '../videos/store.ts';
import { seedDemoVideos } from './seed.ts';

let service: Service;

beforeAll(async () => {
  const iso = isolation('media-demo');
  service = await createService(mediaService, {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'error', SEED_DEMO: '0' },
    config: testServiceConfig(iso, 'media'),
  });
}, 60_000);

afterAll(() => service?.close());

describe('the demo videos', () => {
  it('are made locally and transcoded like uploads, once', async () => {
    expect(await seedDemoVideos(service.app)).toBe(DEMO_VIDEOS.length);
    const videos = VIDEOS.in(service.app.db);
    const deadline = Date.now() + 120_000;
    let ready = 0;
    while (Date.now() < deadline) {
      ready = await videos.countDocuments({ status: 'ready' });
      if (ready === DEMO_VIDEOS.length) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(ready).toBe(DEMO_VIDEOS.length);
    for (const demo of DEMO_VIDEOS) {
      const video = await videos.findOne({ _id: demo.id });
      expect(video?.renditions?.map((r) => r.name)).toEqual(['360p', '720p']);
      expect(Math.abs((video?.durationSec ?? 0) - demo.seconds)).toBeLessThan(0.5);
    }
    expect(await seedDemoVideos(service.app)).toBe(0);
  }, 150_000);
});
