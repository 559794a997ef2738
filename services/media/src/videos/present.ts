import { type PlaybackGrant, playbackPrefix } from '../stream/playback-token.ts';
import type { VideoDoc } from './store.ts';

/** A video as its owner (or the admin) sees it; the poster address is signed like playback. */
export function presentVideo(video: VideoDoc, secret: string, expiresAt: number) {
  const grant: PlaybackGrant | null = video.renditionSet
    ? { videoId: video._id, renditionSet: video.renditionSet, expiresAt }
    : null;
  return {
    videoId: video._id,
    filename: video.filename,
    size: video.size,
    status: video.status,
    createdAt: video.createdAt.toISOString(),
    durationSec: video.durationSec ?? null,
    poster: grant && video.status === 'ready' ? `${playbackPrefix(secret, grant)}/poster.jpg` : null,
    renditions: (video.renditions ?? []).map((r) => r.name),
    error: video.error ?? null,
    captions: video.captions ?? [],
  };
}
