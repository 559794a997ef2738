/**
 * Hosted video: the throughput of an upload through the presigned path (the browser's way: one
 * signed PUT per part straight to storage, three parts at a time) and how fast the media service
 * transcodes (seconds of video per second of work).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeTestPattern, toolPaths } from '@liveedu/media';
import { type BenchContext, pause } from '../context.ts';
import { BENCH_PASSWORD, tutor as tutorAccount } from '../data.ts';
import { logIn, mustCall, type Session } from '../http.ts';
import { type Cell, notTaken, type Section } from '../report.ts';

const PARALLEL_PARTS = 3;

async function upload(gw: string, as: Session, bytes: Buffer, filename: string) {
  const created = await mustCall<{ videoId: string; partSize: number }>(gw, 'POST', '/api/v1/videos', {
    headers: as.headers,
    body: { filename, contentType: 'video/mp4', size: bytes.length },
  });
  const parts: Array<{ PartNumber: number; ETag: string }> = [];
  const count = Math.ceil(bytes.length / created.partSize);
  let next = 1;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(PARALLEL_PARTS, count) }, async () => {
      while (next <= count) {
        const n = next++;
        const { url } = await mustCall<{ url: string }>(
          gw,
          'GET',
          `/api/v1/videos/${created.videoId}/parts/${n}/url`,
          {
            headers: as.headers,
          },
        );
        const body = bytes.subarray((n - 1) * created.partSize, n * created.partSize);
        const response = await fetch(url, { method: 'PUT', body });
        if (!response.ok) throw new Error(`part ${n} answered ${response.status}`);
        parts.push({ PartNumber: n, ETag: (response.headers.get('etag') ?? '').replace(/"/g, '') });
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { videoId: created.videoId, seconds, parts: parts.sort((a, b) => a.PartNumber - b.PartNumber) };
}

export async function media(ctx: BenchContext): Promise<Section> {
  const { mode, log, gw } = ctx;
  log('» media: upload throughput and transcoding speed …');
  let uploadCell: Cell;
  let transcodeCell: Cell;
  const work = await mkdtemp(join(tmpdir(), 'liveedu-bench-media-'));
  try {
    const tutor = await logIn(gw, tutorAccount(mode.seed, 0).username, BENCH_PASSWORD);
    try {
      // Throughput only: random bytes, the upload aborted afterwards rather than transcoded.
      const bytes = randomBytes(mode.uploadMiB * 1024 * 1024);
      const sent = await upload(gw, tutor, bytes, 'throughput.mp4');
      uploadCell = { median: mode.uploadMiB / sent.seconds, unit: 'MiB/s' };
      await mustCall(gw, 'DELETE', `/api/v1/videos/${sent.videoId}`, { headers: tutor.headers });
    } catch (error) {
      uploadCell = notTaken(error instanceof Error ? error.message : String(error));
    }
    try {
      const file = join(work, 'lecture.mp4');
      await makeTestPattern(toolPaths(), file, { seconds: mode.transcodeSeconds, width: 1280, height: 720 });
      const sent = await upload(gw, tutor, await readFile(file), 'lecture.mp4');
      const completed = performance.now();
      await mustCall(gw, 'POST', `/api/v1/videos/${sent.videoId}/complete`, {
        headers: tutor.headers,
        body: { parts: sent.parts },
      });
      const deadline = completed + 10 * 60_000;
      type View = { status: string; durationSec: number | null; error: string | null };
      let view: View | null = null;
      while (performance.now() < deadline) {
        const now: View = await mustCall(gw, 'GET', `/api/v1/videos/${sent.videoId}`, {
          headers: tutor.headers,
        });
        view = now;
        if (now.status === 'ready' || now.status === 'failed') break;
        await pause(250);
      }
      const seconds = (performance.now() - completed) / 1000;
      transcodeCell =
        view?.status === 'ready' && view.durationSec
          ? { median: view.durationSec / seconds, unit: 's of video per s' }
          : notTaken(view?.error ?? `not ready after ${Math.round(seconds)} s`);
    } catch (error) {
      transcodeCell = notTaken(error instanceof Error ? error.message : String(error));
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return {
    id: 'media',
    title: 'Video',
    about: `a tutor's upload of ${mode.uploadMiB} MiB through the presigned path (${PARALLEL_PARTS} parts at a time, straight to storage), and a ${mode.transcodeSeconds} s 720p lecture transcoded to 360p and 720p HLS (from complete until ready, polled every 250 ms)`,
    columns: ['figure'],
    rows: [
      { name: 'upload throughput', cells: { figure: uploadCell } },
      { name: 'transcoding speed', cells: { figure: transcodeCell } },
    ],
  };
}
