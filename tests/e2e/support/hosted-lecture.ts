import type { ResponseOf } from '@liveedu/api-client';
import { expect } from 'vitest';
import { type Auth, call } from './api.ts';
import { lectureVideo } from './lecture-video.ts';

/** A tutor's hosted lecture of `seconds`, uploaded part by part to its signed addresses and transcoded. */
export async function hostedLecture(as: Auth, seconds: number): Promise<string> {
  const bytes = await lectureVideo({ seconds, width: 640, height: 360, videoKbps: 600 });
  const { videoId, partSize } = await call<ResponseOf<'/api/v1/videos', 'post'>>('POST', '/api/v1/videos', {
    as,
    body: { filename: `${seconds}-seconds.mp4`, contentType: 'video/mp4', size: bytes.length },
  });
  const parts: Array<{ PartNumber: number; ETag: string }> = [];
  for (let n = 1; (n - 1) * partSize < bytes.length; n += 1) {
    const signed = await call<{ url: string }>('GET', `/api/v1/videos/${videoId}/parts/${n}/url`, { as });
    const put = await fetch(signed.url, {
      method: 'PUT',
      body: bytes.subarray((n - 1) * partSize, n * partSize),
    });
    expect(put.status).toBe(200);
    parts.push({ PartNumber: n, ETag: (put.headers.get('etag') ?? '').replace(/"/g, '') });
  }
  await call('POST', `/api/v1/videos/${videoId}/complete`, { as, body: { parts } });
  await expect
    .poll(
      async () =>
        (
          await call<ResponseOf<'/api/v1/videos/{videoId}', 'get'>>('GET', `/api/v1/videos/${videoId}`, {
            as,
          })
        ).status,
      { timeout: 120_000, interval: 1000 },
    )
    .toBe('ready');
  return videoId;
}
