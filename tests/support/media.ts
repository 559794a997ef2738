import type { ResponseOf } from '@liveedu/api-client';
import { expect } from 'vitest';
import { eventually, type Session, type TestStack } from './stack.ts';

export type VideoView = ResponseOf<'/api/v1/videos/{videoId}', 'get'>;

/** A tutor's upload as the course editor makes it: signed parts straight to storage, then complete. */
export function videoUploads(stack: TestStack) {
  /** Uploads one part to its signed address, as a browser does; answers the part's ETag. */
  async function putPart(as: Session, videoId: string, partNumber: number, bytes: Buffer): Promise<string> {
    const signed = await stack.call<ResponseOf<'/api/v1/videos/{videoId}/parts/{partNumber}/url', 'get'>>(
      'GET',
      `/api/v1/videos/${videoId}/parts/${partNumber}/url`,
      { as },
    );
    expect(signed.status).toBe(200);
    const response = await fetch(signed.body.url, { method: 'PUT', body: bytes });
    expect(response.status).toBe(200);
    return (response.headers.get('etag') ?? '').replace(/"/g, '');
  }

  async function startUpload(as: Session, bytes: Buffer, filename = 'lecture.mp4') {
    const created = await stack.call<ResponseOf<'/api/v1/videos', 'post'>>('POST', '/api/v1/videos', {
      as,
      body: { filename, contentType: 'video/mp4', size: bytes.length },
    });
    expect(created.status).toBe(201);
    return created.body;
  }

  async function uploadWhole(as: Session, bytes: Buffer, filename?: string): Promise<string> {
    const { videoId, partSize } = await startUpload(as, bytes, filename);
    const parts: Array<{ PartNumber: number; ETag: string }> = [];
    for (let n = 1; (n - 1) * partSize < bytes.length; n += 1) {
      const ETag = await putPart(as, videoId, n, bytes.subarray((n - 1) * partSize, n * partSize));
      parts.push({ PartNumber: n, ETag });
    }
    const done = await stack.call('POST', `/api/v1/videos/${videoId}/complete`, { as, body: { parts } });
    expect(done.status).toBe(202);
    return videoId;
  }

  /** The video once transcoding has ended, ready or failed. */
  async function settled(as: Session, videoId: string, ms = 90_000): Promise<VideoView> {
    return eventually(
      async () => {
        const view = await stack.call<VideoView>('GET', `/api/v1/videos/${videoId}`, { as });
        expect(view.status).toBe(200);
        expect(['ready', 'failed']).toContain(view.body.status);
        return view.body;
      },
      ms,
      `video ${videoId} to settle`,
    );
  }

  return { putPart, startUpload, uploadWhole, settled };
}
