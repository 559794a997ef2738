/**
 * Playback addresses carry their own proof: `/media/{videoId}/{rendition set}/{expires}.{mac}/…`,
 * where the MAC signs the video, the rendition set and the expiry. Playlists name their segments
 * relatively, so every segment request carries the same token, and checking it needs only the
 * secret: no database round trip per segment.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const PLAYBACK_SECONDS = 60 * 60;

/** When an address signed at `nowSec` expires: in an hour. */
export const playbackExpiry = (nowSec = Math.floor(Date.now() / 1000)) => nowSec + PLAYBACK_SECONDS;

export interface PlaybackGrant {
  videoId: string;
  /** Which set of renditions: a new transcode writes a new set, so an old address never shows half of one. */
  renditionSet: string;
  /** Seconds since the epoch. */
  expiresAt: number;
}

const mac = (secret: string, grant: PlaybackGrant) =>
  createHmac('sha256', secret)
    .update(`${grant.videoId}/${grant.renditionSet}/${grant.expiresAt}`)
    .digest('base64url');

export function playbackToken(secret: string, grant: PlaybackGrant): string {
  return `${grant.expiresAt}.${mac(secret, grant)}`;
}

/** The path prefix under which a grant's files are served. */
export function playbackPrefix(secret: string, grant: PlaybackGrant): string {
  return `/media/${grant.videoId}/${grant.renditionSet}/${playbackToken(secret, grant)}`;
}

export type TokenCheck = 'ok' | 'forged' | 'expired';

export function checkPlaybackToken(
  secret: string,
  videoId: string,
  renditionSet: string,
  token: string,
  nowSec = Math.floor(Date.now() / 1000),
): TokenCheck {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return 'forged';
  const expiresAt = Number(match[1]);
  const expected = Buffer.from(mac(secret, { videoId, renditionSet, expiresAt }));
  const given = Buffer.from(match[2]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'forged';
  return expiresAt < nowSec ? 'expired' : 'ok';
}
