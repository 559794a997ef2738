import type { ServiceApp } from '@liveedu/service-kit';
import type { FastifyReply } from 'fastify';
import { checkPlaybackToken } from './playback-token.ts';
import { contentTypeOf, RENDITIONS_BUCKET } from './store.ts';

/** What a signed playback address names: the video, its rendition set and the token. */
export interface SignedAddress {
  videoId: string;
  renditionSet: string;
  token: string;
}

/**
 * Sends the object at `key` of the renditions bucket to the holder of a valid signed address
 * (`key` null: a file that is not served, 404 once the address is valid). The token is checked
 * with the secret alone; storage is read only for a valid one.
 */
export function signedFileSender(app: ServiceApp) {
  const { media } = app;
  return async function send(params: SignedAddress, key: string | null, file: string, reply: FastifyReply) {
    const { videoId, renditionSet, token } = params;
    const check = checkPlaybackToken(media.config.playbackSecret, videoId, renditionSet, token);
    if (check !== 'ok') {
      return reply.status(403).send({
        message: check === 'expired' ? 'This playback address has expired' : 'Invalid playback address',
      });
    }
    if (key === null) return reply.status(404).send({ message: 'Not found' });
    let body: NodeJS.ReadableStream;
    try {
      body = await (await app.storage.client()).getObject(app.storage.bucket(RENDITIONS_BUCKET), key);
    } catch (error) {
      if ((error as { code?: string }).code === 'NoSuchKey')
        return reply.status(404).send({ message: 'Not found' });
      throw error;
    }
    const expires = Number(token.slice(0, token.indexOf('.')));
    const maxAge = Math.max(0, Math.min(3600, expires - Math.floor(Date.now() / 1000)));
    return reply
      .header('content-type', contentTypeOf(file))
      .header('cache-control', `private, max-age=${maxAge}`)
      .send(body);
  };
}
