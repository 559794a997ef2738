/**
 * The media service's calls the front end makes, over whatever authenticated `request` the app
 * already has (it adds the token and turns `{message}` answers into errors).
 */
export type Request = <T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
) => Promise<T>;

export type VideoStatus = 'uploading' | 'processing' | 'ready' | 'failed';

export interface VideoView {
  videoId: string;
  filename: string;
  size: number;
  status: VideoStatus;
  createdAt: string;
  durationSec: number | null;
  poster: string | null;
  renditions: string[];
  error: string | null;
}

export interface Playback {
  url: string;
  poster: string;
  expiresAt: string;
}

export interface WatchReport {
  positionSec: number;
  durationSec: number;
  watchedRanges: Array<[number, number]>;
  completed?: boolean;
}

const enc = encodeURIComponent;

export function videoApi(request: Request) {
  return {
    create: (body: { filename: string; contentType: string; size: number }) =>
      request<{ videoId: string; uploadId: string; partSize: number }>('POST', 'api/v1/videos', body),
    partUrl: (videoId: string, partNumber: number) =>
      request<{ url: string }>('GET', `api/v1/videos/${enc(videoId)}/parts/${partNumber}/url`),
    parts: (videoId: string) =>
      request<{ parts: Array<{ PartNumber: number; ETag: string; Size: number }> }>(
        'GET',
        `api/v1/videos/${enc(videoId)}/parts`,
      ),
    complete: (videoId: string, parts: Array<{ PartNumber: number; ETag: string }>) =>
      request<{ status: 'processing' }>('POST', `api/v1/videos/${enc(videoId)}/complete`, { parts }),
    remove: (videoId: string) => request<{ message: string }>('DELETE', `api/v1/videos/${enc(videoId)}`),
    get: (videoId: string) => request<VideoView>('GET', `api/v1/videos/${enc(videoId)}`),
    playback: (videoId: string) => request<Playback>('GET', `api/v1/videos/${enc(videoId)}/playback`),
    report: (courseId: string, itemId: string, body: WatchReport) =>
      request<unknown>('PUT', `api/v1/progress/${enc(courseId)}/${enc(itemId)}`, body),
  };
}

export type VideoApi = ReturnType<typeof videoApi>;
