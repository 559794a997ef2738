import { MEDIA_VIDEO_READY, type MediaVideoReady } from '@liveedu/contracts';
import type { EventHandler } from '@liveedu/service-kit';
import { keepDuration } from './store.ts';

/** Keeps a ready video's probed length; a redelivered event writes the same value again. */
export const onVideoReady: EventHandler<MediaVideoReady> = {
  event: MEDIA_VIDEO_READY,
  name: 'on-video-ready',
  async handle(event, { db }) {
    const { videoId, durationSec } = event.data;
    if (!(typeof videoId === 'string' && Number.isFinite(durationSec) && durationSec > 0)) return;
    await keepDuration(db, videoId, durationSec);
  },
};
