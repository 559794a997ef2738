import type { IntegrationEvent } from '../event.ts';

export const MEDIA_VIDEO_READY = 'media.video.ready';

export interface MediaVideoReadyData {
  videoId: string;
  tutorId: string;
  durationSec: number;
  /** Rendition names, lowest first (`360p`, `720p`). */
  renditions: string[];
}

export type MediaVideoReady = IntegrationEvent<typeof MEDIA_VIDEO_READY, MediaVideoReadyData>;
