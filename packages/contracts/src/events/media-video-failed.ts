import type { IntegrationEvent } from '../event.ts';

export const MEDIA_VIDEO_FAILED = 'media.video.failed';

export interface MediaVideoFailedData {
  videoId: string;
  tutorId: string;
  /** The uploaded file's name, as the tutor knows the video. */
  filename: string;
  /** Why, in words a tutor can act on. */
  error: string;
}

export type MediaVideoFailed = IntegrationEvent<typeof MEDIA_VIDEO_FAILED, MediaVideoFailedData>;
