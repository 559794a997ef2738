import {
  conflict,
  errorResponses,
  forbidden,
  MessageReply,
  notFound,
  ObjectIdString,
  type ServiceApp,
  Type,
} from '@liveedu/service-kit';
import type { FastifyReply } from 'fastify';
import { CAPTION_LANG, captionKey } from '../videos/captions.ts';
import { VIDEOS } from '../videos/store.ts';
import { playbackExpiry, playbackPrefix } from './playback-token.ts';
import { type SignedAddress, signedFileSender } from './signed-files.ts';
import { renditionsPrefix } from './store.ts';

/** A signed playback address: for the video's tutor, the admin, a course's students, and anyone for a free preview. */
export async function playbackRoutes(app: ServiceApp): Promise<void> {
  const { media } = app;
  const videos = VIDEOS.in(app.db);

  app.get(
    '/api/v1/videos/:videoId/playback',
    {
      schema: {
        summary: 'A signed address of the video’s master playlist, for an hour',
        params: Type.Object({ videoId: ObjectIdString }),
        response: {
          200: Type.Object({
            url: Type.String(),
            poster: Type.String(),
            expiresAt: Type.String(),
            captions: Type.Array(Type.Object({ lang: Type.String(), url: Type.String() }), {
              description: 'Its WebVTT captions, one signed address per language',
            }),
          }),
          ...errorResponses,
          409: MessageReply,
          503: MessageReply,
        },
      },
    },
    async (request) => {
      // Open to anyone at the gateway: a free preview plays for visitors too, anything else
      // only for the video's tutor, the admin and the students of a course that plays it.
      const who = request.identity;
      const video = await videos.findOne({ _id: request.params.videoId });
      if (!video && who?.role === 'admin') throw notFound('Video not found');
      const owned = video ? { videoId: video._id, tutorId: video.tutorId } : null;
      const allowed =
        owned !== null &&
        ((who !== null &&
          (who.role === 'admin' ||
            owned.tutorId === who.userId ||
            (await media.viewers.mayWatch(owned, who.userId, request.id)))) ||
          (await media.viewers.isPreview(owned, request.id)));
      // No video at all is refused as one the caller may not watch: ids reveal nothing.
      if (!video || !allowed) {
        throw forbidden(
          who
            ? 'Enroll in the course to watch this video'
            : 'Log in and enroll in the course to watch this video',
        );
      }
      if (video.status !== 'ready' || !video.renditionSet) throw conflict('The video is not ready yet');
      const expiresAt = playbackExpiry();
      const prefix = playbackPrefix(media.config.playbackSecret, {
        videoId: video._id,
        renditionSet: video.renditionSet,
        expiresAt,
      });
      return {
        url: `${prefix}/master.m3u8`,
        poster: `${prefix}/poster.jpg`,
        expiresAt: new Date(expiresAt * 1000).toISOString(),
        captions: (video.captions ?? []).map((lang) => ({ lang, url: `${prefix}/captions/${lang}.vtt` })),
      };
    },
  );
}

/** A captions file: its language and `.vtt`. */
const CAPTION_FILE = new RegExp(`${CAPTION_LANG.slice(0, -1)}\\.vtt$`);

/** The files a rendition set holds; any other name is not looked up. */
const SERVED_FILE = /^(master\.m3u8|poster\.jpg|\d{3,4}p\/(index\.m3u8|seg_\d{4,6}\.ts))$/;

/**
 * Playlists, segments and posters, for whoever holds a valid playback address. The token in the
 * path is checked with the secret alone; storage is read only for a valid one.
 */
export async function streamRoutes(app: ServiceApp): Promise<void> {
  const send = signedFileSender(app);
  const Signed = {
    videoId: Type.String({ pattern: '^[0-9a-f]{24}$' }),
    renditionSet: Type.String({ pattern: '^[a-z0-9-]{1,40}$' }),
    token: Type.String({ maxLength: 80 }),
  };
  const File = Type.String({ pattern: '^[\\w.-]{1,40}$' });
  const binary = { schema: { type: 'string', format: 'binary' } };
  const response = {
    200: Type.Unsafe<Buffer>({
      description: 'A playlist, a segment or the poster',
      content: {
        'application/vnd.apple.mpegurl': binary,
        'video/mp2t': binary,
        'image/jpeg': binary,
        'text/vtt': binary,
      },
    }),
    403: MessageReply,
    404: MessageReply,
  };

  async function serve(params: SignedAddress, file: string, reply: FastifyReply) {
    const { videoId, renditionSet } = params;
    const key = SERVED_FILE.test(file) ? renditionsPrefix(videoId, renditionSet) + file : null;
    return send(params, key, file, reply);
  }

  app.get(
    '/media/:videoId/:renditionSet/:token/:file',
    {
      schema: {
        summary: 'A master playlist or poster, for the holder of a signed playback address',
        params: Type.Object({ ...Signed, file: File }),
        response,
      },
    },
    (request, reply) => serve(request.params, request.params.file, reply),
  );

  app.get(
    '/media/:videoId/:renditionSet/:token/:rendition/:file',
    {
      schema: {
        summary: "A rendition's playlist or segment, for the holder of a signed playback address",
        params: Type.Object({ ...Signed, rendition: Type.String({ pattern: '^\\d{3,4}p$' }), file: File }),
        response,
      },
    },
    (request, reply) => serve(request.params, `${request.params.rendition}/${request.params.file}`, reply),
  );

  app.get(
    '/media/:videoId/:renditionSet/:token/captions/:file',
    {
      schema: {
        summary: "A video's WebVTT captions in one language, for the holder of a signed playback address",
        params: Type.Object({ ...Signed, file: File }),
        response,
      },
    },
    (request, reply) => {
      const { videoId, file } = request.params;
      const key = CAPTION_FILE.test(file) ? captionKey(videoId, file.slice(0, -'.vtt'.length)) : null;
      return send(request.params, key, file, reply);
    },
  );
}
