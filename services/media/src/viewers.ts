import { REQUEST_ID_HEADER } from '@liveedu/contracts';
import { createServiceTokenSigner, HttpError, SERVICE_TOKEN_HEADER } from '@liveedu/service-kit';

/** Who may watch a video beyond its tutor and the admin: the catalog knows who bought which course. */
export interface Viewers {
  /** Whether the user bought a course of the video's own tutor that plays it. */
  mayWatch(video: { videoId: string; tutorId: string }, userId: string, requestId: string): Promise<boolean>;
  /** The courses of the video's tutor that play it (deleted ones too: their students keep access). */
  coursesPlaying(video: { videoId: string; tutorId: string }, requestId: string): Promise<string[]>;
}

const unavailable = () => new HttpError(503, 'The catalog service is unavailable, please try again');

export function catalogViewers(catalogUrl: string, internalSecret: string, timeoutMs = 5_000): Viewers {
  const token = createServiceTokenSigner(internalSecret, 'media');
  async function ask<T>(path: string, requestId: string, valid: (body: unknown) => body is T): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${catalogUrl}${path}`, {
        headers: {
          accept: 'application/json',
          [SERVICE_TOKEN_HEADER]: token(),
          [REQUEST_ID_HEADER]: requestId,
        },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw unavailable();
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw unavailable();
    }
    const body: unknown = await response.json().catch(() => null);
    if (!valid(body)) throw unavailable();
    return body;
  }
  const videoPath = ({ videoId }: { videoId: string }) => `/internal/videos/${encodeURIComponent(videoId)}`;
  const owner = ({ tutorId }: { tutorId: string }) => `tutorId=${encodeURIComponent(tutorId)}`;
  return {
    async mayWatch(video, userId, requestId) {
      const body = await ask(
        `${videoPath(video)}/viewers/${encodeURIComponent(userId)}?${owner(video)}`,
        requestId,
        (b): b is { allowed: boolean } => typeof (b as { allowed?: unknown } | null)?.allowed === 'boolean',
      );
      return body.allowed;
    },
    async coursesPlaying(video, requestId) {
      const body = await ask(
        `${videoPath(video)}/courses?${owner(video)}`,
        requestId,
        (b): b is { courseIds: string[] } => Array.isArray((b as { courseIds?: unknown } | null)?.courseIds),
      );
      return body.courseIds;
    },
  };
}
