import type { BodyOf, ResponseOf } from '@liveedu/api-client';

/**
 * The media service's calls the front end makes, over whatever authenticated `request` the app
 * already has (it adds the token and turns `{message}` answers into errors).
 */
export type Request = <T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
) => Promise<T>;

export type VideoView = ResponseOf<'/api/v1/videos/{videoId}', 'get'>;
export type VideoStatus = VideoView['status'];
export type Playback = ResponseOf<'/api/v1/videos/{videoId}/playback', 'get'>;
export type WatchReport = BodyOf<'/api/v1/progress/{courseId}/{itemId}', 'put'>;

const enc = encodeURIComponent;

export function videoApi(request: Request) {
  return {
    create: (body: BodyOf<'/api/v1/videos', 'post'>) =>
      request<ResponseOf<'/api/v1/videos', 'post'>>('POST', 'api/v1/videos', body),
    partUrl: (videoId: string, partNumber: number) =>
      request<ResponseOf<'/api/v1/videos/{videoId}/parts/{partNumber}/url', 'get'>>(
        'GET',
        `api/v1/videos/${enc(videoId)}/parts/${partNumber}/url`,
      ),
    parts: (videoId: string) =>
      request<ResponseOf<'/api/v1/videos/{videoId}/parts', 'get'>>(
        'GET',
        `api/v1/videos/${enc(videoId)}/parts`,
      ),
    complete: (videoId: string, parts: BodyOf<'/api/v1/videos/{videoId}/complete', 'post'>['parts']) =>
      request<ResponseOf<'/api/v1/videos/{videoId}/complete', 'post'>>(
        'POST',
        `api/v1/videos/${enc(videoId)}/complete`,
        { parts },
      ),
    remove: (videoId: string) =>
      request<ResponseOf<'/api/v1/videos/{videoId}', 'delete'>>('DELETE', `api/v1/videos/${enc(videoId)}`),
    get: (videoId: string) => request<VideoView>('GET', `api/v1/videos/${enc(videoId)}`),
    playback: (videoId: string) => request<Playback>('GET', `api/v1/videos/${enc(videoId)}/playback`),
    report: (courseId: string, itemId: string, body: WatchReport) =>
      request<ResponseOf<'/api/v1/progress/{courseId}/{itemId}', 'put'>>(
        'PUT',
        `api/v1/progress/${enc(courseId)}/${enc(itemId)}`,
        body,
      ),
  };
}

export type VideoApi = ReturnType<typeof videoApi>;
