/**
 * Transcoding runs outside the request, as jobs in the media database: a completed upload adds a
 * job; each process with transcoding enabled claims jobs under a lease it keeps renewing, at most
 * `concurrency` at once. A process that dies stops renewing, so its job is claimed again when the
 * lease runs out (also after a restart). A job that keeps failing ends the video as `failed`.
 * Renditions are written to a new folder and only named on the video once complete, so a failed
 * or repeated job never shows half of one.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  MEDIA_VIDEO_FAILED,
  MEDIA_VIDEO_READY,
  type MediaVideoFailedData,
  type MediaVideoReadyData,
} from '@liveedu/contracts';
import { isDuplicateKey, newEvent, type Outbox, type Storage } from '@liveedu/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from 'mongodb';
import { removeRenditions, renditionsPrefix, storeRenditions } from '../stream/store.ts';
import { UPLOADS_BUCKET, VIDEOS, type VideoDoc } from '../videos/store.ts';
import type { ToolPaths } from './ffmpeg.ts';
import { transcodeToHls } from './hls.ts';
import { NotAVideo, probeVideo } from './probe.ts';
import { TRANSCODE_JOBS, type TranscodeJob } from './store.ts';

const LEASE_MS = 60_000;
const POLL_MS = 5_000;
const MAX_ATTEMPTS = 3;

export interface Transcoder {
  /** The upload is complete: mark the video `processing` and queue its job. */
  enqueue(videoId: string): Promise<void>;
  /** The video is gone: drop its job. A running job finds the video gone and cleans up. */
  forget(videoId: string): Promise<void>;
  /** Resolves when no job is running (tests). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export interface TranscoderOptions {
  db: Db;
  storage: Storage;
  outbox: Outbox;
  tools: ToolPaths;
  concurrency: number;
  log: FastifyBaseLogger;
  leaseMs?: number;
  pollMs?: number;
}

export function startTranscoder(opts: TranscoderOptions): Transcoder {
  const { db, storage, outbox, tools, concurrency, log } = opts;
  const leaseMs = opts.leaseMs ?? LEASE_MS;
  const jobs = TRANSCODE_JOBS.in(db);
  const videos = VIDEOS.in(db);
  const running = new Map<string, Promise<void>>();
  let stopped = false;
  let ticking: Promise<void> | null = null;

  async function claim(job: TranscodeJob): Promise<TranscodeJob | null> {
    const now = new Date();
    const claimed = await jobs.findOneAndUpdate(
      { _id: job._id, leaseUntil: job.leaseUntil },
      { $set: { leaseUntil: new Date(now.getTime() + leaseMs) }, $inc: { attempts: 1 } },
      { returnDocument: 'after' },
    );
    return claimed;
  }

  async function fail(video: VideoDoc, error: string): Promise<void> {
    const data: MediaVideoFailedData = {
      videoId: video._id,
      tutorId: video.tutorId,
      filename: video.filename,
      error,
    };
    await outbox.updateOne<VideoDoc>(
      VIDEOS.collection,
      { _id: video._id, status: 'processing' },
      { $set: { status: 'failed', error, updatedAt: new Date() } },
      [newEvent(MEDIA_VIDEO_FAILED, data)],
    );
  }

  async function run(job: TranscodeJob): Promise<void> {
    const renew = setInterval(() => {
      jobs
        .updateOne(
          { _id: job._id, attempts: job.attempts },
          { $set: { leaseUntil: new Date(Date.now() + leaseMs) } },
        )
        .catch(() => {});
    }, leaseMs / 3);
    const work = await mkdtemp(join(tmpdir(), 'liveedu-transcode-'));
    const renditionSet = `s${job.attempts}-${randomBytes(4).toString('hex')}`;
    const prefix = renditionsPrefix(job._id, renditionSet);
    let stored = false;
    try {
      const video = await videos.findOne({ _id: job._id });
      if (video?.status !== 'processing') {
        await jobs.deleteOne({ _id: job._id });
        return;
      }
      const source = join(work, 'source');
      await (await storage.client()).fGetObject(storage.bucket(UPLOADS_BUCKET), video.uploadKey, source);
      let probed: Awaited<ReturnType<typeof probeVideo>>;
      try {
        probed = await probeVideo(tools, source);
      } catch (error) {
        if (!(error instanceof NotAVideo)) throw error;
        await fail(video, error.message);
        await jobs.deleteOne({ _id: job._id });
        return;
      }
      const out = join(work, 'hls');
      const started = performance.now();
      const hls = await transcodeToHls(tools, source, probed, out);
      stored = true;
      await storeRenditions(storage, out, prefix);
      const data: MediaVideoReadyData = {
        videoId: video._id,
        tutorId: video.tutorId,
        durationSec: probed.durationSec,
        renditions: hls.renditions.map((r) => r.name),
      };
      const done = await outbox.updateOne<VideoDoc>(
        VIDEOS.collection,
        { _id: video._id, status: 'processing' },
        {
          $set: {
            status: 'ready',
            durationSec: Math.round(probed.durationSec * 1000) / 1000,
            renditions: hls.renditions.map(({ name, width, height }) => ({ name, width, height })),
            renditionSet,
            updatedAt: new Date(),
          },
        },
        [newEvent(MEDIA_VIDEO_READY, data)],
      );
      if (done.matchedCount === 0) await removeRenditions(storage, prefix);
      await jobs.deleteOne({ _id: job._id });
      log.info(
        { videoId: video._id, seconds: probed.durationSec, ms: Math.round(performance.now() - started) },
        'video transcoded',
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log.warn({ videoId: job._id, attempt: job.attempts, err: message }, 'transcoding failed');
      if (stored) await removeRenditions(storage, prefix).catch(() => {});
      if (job.attempts >= MAX_ATTEMPTS) {
        const video = await videos.findOne({ _id: job._id }).catch(() => null);
        if (video)
          await fail(video, 'The video could not be transcoded; please upload it again').catch(() => {});
        await jobs.deleteOne({ _id: job._id }).catch(() => {});
      } else {
        // Tried again after a pause that grows with each attempt.
        await jobs
          .updateOne(
            { _id: job._id, attempts: job.attempts },
            { $set: { leaseUntil: new Date(Date.now() + 10_000 * job.attempts) } },
          )
          .catch(() => {});
      }
    } finally {
      clearInterval(renew);
      await rm(work, { recursive: true, force: true });
    }
  }

  async function tick(): Promise<void> {
    while (!stopped && running.size < concurrency) {
      const due = await jobs
        .find({ leaseUntil: { $lte: new Date() } })
        .sort({ enqueuedAt: 1 })
        .limit(concurrency * 2)
        .toArray();
      let started = 0;
      for (const job of due) {
        if (running.size >= concurrency || running.has(job._id)) continue;
        const mine = await claim(job);
        if (!mine) continue;
        started += 1;
        const task = run(mine).finally(() => {
          running.delete(mine._id);
          wake();
        });
        running.set(mine._id, task);
      }
      if (started === 0) return;
    }
  }

  function wake(): void {
    if (stopped || concurrency === 0) return;
    ticking ??= tick()
      .catch((error) => log.warn({ err: error }, 'transcoding queue unavailable'))
      .finally(() => {
        ticking = null;
      });
  }

  const poll = concurrency > 0 ? setInterval(wake, opts.pollMs ?? POLL_MS) : null;
  poll?.unref();
  wake();

  return {
    async enqueue(videoId) {
      await videos.updateOne(
        { _id: videoId, status: 'uploading' },
        { $set: { status: 'processing', updatedAt: new Date() }, $unset: { uploadId: '' } },
      );
      try {
        await jobs.insertOne({ _id: videoId, attempts: 0, leaseUntil: new Date(0), enqueuedAt: new Date() });
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
      wake();
    },
    async forget(videoId) {
      await jobs.deleteOne({ _id: videoId });
    },
    async idle() {
      while (ticking || running.size > 0) await Promise.all([ticking, ...running.values()]);
    },
    async stop() {
      stopped = true;
      if (poll) clearInterval(poll);
      await Promise.allSettled([ticking, ...running.values()]);
    },
  };
}
