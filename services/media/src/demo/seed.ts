import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_TUTOR, DEMO_VIDEOS } from '@liveedu/contracts';
import { isDuplicateKey, type ServiceApp } from '@liveedu/service-kit';
import { makeTestPattern } from '../transcode/test-pattern.ts';
import { UPLOADS_BUCKET, USAGE, VIDEOS } from '../videos/store.ts';

/**
 * The demo tutor's lecture videos, made here with ffmpeg (a titled test pattern with a tone) and
 * sent through the same transcoding as an upload. Fixed ids: a video that exists is left alone.
 */
export async function seedDemoVideos(app: ServiceApp): Promise<number> {
  const videos = VIDEOS.in(app.db);
  const work = await mkdtemp(join(tmpdir(), 'liveedu-demo-videos-'));
  let seeded = 0;
  try {
    for (const demo of DEMO_VIDEOS) {
      if (await videos.findOne({ _id: demo.id }, { projection: { _id: 1 } })) continue;
      const file = join(work, `${demo.id}.mp4`);
      await makeTestPattern(app.media.config.tools, file, {
        seconds: demo.seconds,
        tone: demo.tone,
        title: demo.title,
      });
      const { size } = await stat(file);
      const uploadKey = `${DEMO_TUTOR.id}/${demo.id}/demo.mp4`;
      await (await app.storage.client()).fPutObject(app.storage.bucket(UPLOADS_BUCKET), uploadKey, file, {
        'Content-Type': 'video/mp4',
      });
      const now = new Date();
      try {
        await videos.insertOne({
          _id: demo.id,
          tutorId: DEMO_TUTOR.id,
          filename: `${demo.title}.mp4`,
          contentType: 'video/mp4',
          size,
          uploadKey,
          status: 'uploading',
          createdAt: now,
          updatedAt: now,
        });
      } catch (error) {
        if (isDuplicateKey(error)) continue;
        throw error;
      }
      await USAGE.in(app.db).updateOne({ _id: DEMO_TUTOR.id }, { $inc: { bytes: size } }, { upsert: true });
      await app.media.transcoder.enqueue(demo.id);
      seeded += 1;
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  if (seeded > 0) app.log.info({ seeded }, 'demo videos made and queued for transcoding');
  return seeded;
}
