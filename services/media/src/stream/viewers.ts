import { catalogClient } from '@liveedu/service-kit';

/** Who may watch a video beyond its tutor and the admin: the catalog knows who bought which course. */
export interface Viewers {
  /** Whether the user bought a course of the video's own tutor that plays it. */
  mayWatch(video: { videoId: string; tutorId: string }, userId: string, requestId: string): Promise<boolean>;
  /** Whether a listed course of the video's tutor offers it as a free preview. */
  isPreview(video: { videoId: string; tutorId: string }, requestId: string): Promise<boolean>;
  /** The courses of the video's tutor that play it (deleted ones too: their students keep access). */
  coursesPlaying(video: { videoId: string; tutorId: string }, requestId: string): Promise<string[]>;
}

/** A call about one video of one tutor. */
const ofVideo = ({ videoId, tutorId }: { videoId: string; tutorId: string }) => ({
  params: { videoId },
  query: { tutorId },
});

export function catalogViewers(catalogUrl: string, internalSecret: string, timeoutMs = 5_000): Viewers {
  const catalog = catalogClient('media', { baseUrl: catalogUrl, internalSecret, timeoutMs });
  return {
    async mayWatch({ videoId, tutorId }, userId, requestId) {
      const answer = await catalog.call(
        'videoViewer',
        { params: { videoId, userId }, query: { tutorId } },
        requestId,
      );
      return answer.ok && answer.body.allowed;
    },
    async isPreview(video, requestId) {
      const answer = await catalog.call('videoPreview', ofVideo(video), requestId);
      return answer.ok && answer.body.preview;
    },
    async coursesPlaying(video, requestId) {
      const answer = await catalog.call('videoCourses', ofVideo(video), requestId);
      return answer.ok ? answer.body.courseIds : [];
    },
  };
}
