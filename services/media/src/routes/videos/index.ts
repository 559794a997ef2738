import {
  badRequest,
  caller,
  conflict,
  errorResponses,
  forbidden,
  MessageReply,
  notFound,
  ObjectIdString,
  paging,
  requireRole,
  type ServiceApp,
  Type,
} from '@liveedu/service-kit';
import { ObjectId } from 'mongodb';
import { MAX_PARTS } from '../../multipart.ts';
import { PLAYBACK_SECONDS, playbackPrefix } from '../../playback-token.ts';
import {
  presentVideo,
  UPLOADS_BUCKET,
  usageOf,
  type VideoStatus,
  VideoStatusSchema,
  videosOf,
} from '../../videos.ts';

const Video = Type.Object({
  videoId: Type.String(),
  filename: Type.String(),
  size: Type.Integer(),
  status: VideoStatusSchema,
  createdAt: Type.String(),
  durationSec: Type.Union([Type.Number(), Type.Null()]),
  poster: Type.Union([Type.String(), Type.Null()]),
  renditions: Type.Array(Type.String()),
  error: Type.Union([Type.String(), Type.Null()]),
});

const VideoParams = Type.Object({ videoId: ObjectIdString });
const PartList = Type.Array(
  Type.Object({
    PartNumber: Type.Integer({ minimum: 1, maximum: MAX_PARTS }),
    ETag: Type.String({ minLength: 1, maxLength: 200 }),
  }),
  { minItems: 1, maxItems: MAX_PARTS },
);

const inAnHour = () => Math.floor(Date.now() / 1000) + PLAYBACK_SECONDS;
const safeName = (filename: string) => filename.replace(/[^\w.-]+/g, '_').slice(-100) || 'video';

export default async function videoRoutes(app: ServiceApp): Promise<void> {
  const { media } = app;
  const videos = videosOf(app.db);
  const usage = usageOf(app.db);
  const uploads = app.storage.bucket(UPLOADS_BUCKET);
  const tutorOnly = requireRole('tutor');

  /**
   * The caller's own video (the admin may read any). Another tutor's answers the same 404 as no
   * video at all, so ids cannot be probed for what others have uploaded.
   */
  async function ownVideo(request: Parameters<typeof caller>[0], videoId: string, adminMay = false) {
    const who = caller(request);
    const video = await videos.findOne({ _id: videoId });
    if (!video || (video.tutorId !== who.userId && !(adminMay && who.role === 'admin'))) {
      throw notFound('Video not found');
    }
    return video;
  }

  /** The size of every part but the last (each part URL signs its length). */
  const partSizeOf = (size: number) => Math.max(media.config.partBytes, Math.ceil(size / MAX_PARTS));

  app.post(
    '/api/v1/videos',
    {
      preHandler: tutorOnly,
      schema: {
        summary: 'Start uploading a video (straight to storage, in parts)',
        body: Type.Object({
          filename: Type.String({ minLength: 1, maxLength: 255 }),
          contentType: Type.String({
            maxLength: 100,
            pattern: '^video/[\\w.+-]+$',
            errorMessage: 'Only video files can be uploaded',
          }),
          size: Type.Integer({
            minimum: 1,
            maximum: media.config.maxBytes,
            errorMessage: { maximum: `A video may be at most ${formatBytes(media.config.maxBytes)}` },
            description: 'The file’s size in bytes; a larger file than the platform takes is a 400',
          }),
        }),
        response: {
          201: Type.Object({ videoId: Type.String(), uploadId: Type.String(), partSize: Type.Integer() }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const tutorId = caller(request).userId;
      const { filename, contentType, size } = request.body;
      if (!/^video\/[\w.+-]+$/.test(contentType)) throw badRequest('Only video files can be uploaded');
      await usage.updateOne({ _id: tutorId }, { $setOnInsert: { bytes: 0 } }, { upsert: true });
      const reserved = await usage.updateOne(
        { _id: tutorId, bytes: { $lte: media.config.quotaBytes - size } },
        { $inc: { bytes: size } },
      );
      if (reserved.modifiedCount === 0) {
        throw badRequest(
          `Your videos may take ${formatBytes(media.config.quotaBytes)} in all; delete some to upload more`,
        );
      }
      const videoId = new ObjectId().toHexString();
      const uploadKey = `${tutorId}/${videoId}/${safeName(filename)}`;
      let uploadId: string;
      try {
        uploadId = await media.uploads.start(uploads, uploadKey, contentType);
      } catch (error) {
        await usage.updateOne({ _id: tutorId }, { $inc: { bytes: -size } });
        throw error;
      }
      const now = new Date();
      await videos.insertOne({
        _id: videoId,
        tutorId,
        filename,
        contentType,
        size,
        uploadKey,
        uploadId,
        status: 'uploading',
        createdAt: now,
        updatedAt: now,
      });
      return reply.status(201).send({ videoId, uploadId, partSize: partSizeOf(size) });
    },
  );

  app.get(
    '/api/v1/videos/:videoId/parts/:partNumber/url',
    {
      preHandler: tutorOnly,
      schema: {
        summary: 'A short-lived address to upload one part to',
        params: Type.Object({
          videoId: ObjectIdString,
          partNumber: Type.String({ pattern: '^[1-9][0-9]{0,4}$' }),
        }),
        response: { 200: Type.Object({ url: Type.String() }), ...errorResponses, 409: MessageReply },
      },
    },
    async (request) => {
      const video = await ownVideo(request, request.params.videoId);
      if (video.status !== 'uploading' || !video.uploadId) throw conflict('The upload is finished');
      const partNumber = Number(request.params.partNumber);
      // Every part is the upload's part size but the last, which is the rest: the URL signs that
      // length, so storage takes no more bytes than the upload declared.
      const partSize = partSizeOf(video.size);
      const count = Math.max(1, Math.ceil(video.size / partSize));
      if (partNumber > count) throw badRequest(`This upload has at most ${count} parts`);
      const length = partNumber < count ? partSize : video.size - (count - 1) * partSize;
      return {
        url: await media.uploads.partUrl(uploads, video.uploadKey, video.uploadId, partNumber, length),
      };
    },
  );

  app.get(
    '/api/v1/videos/:videoId/parts',
    {
      preHandler: tutorOnly,
      schema: {
        summary: 'The parts storage already holds, to resume an interrupted upload',
        params: VideoParams,
        response: {
          200: Type.Object({
            parts: Type.Array(
              Type.Object({ PartNumber: Type.Integer(), ETag: Type.String(), Size: Type.Integer() }),
            ),
          }),
          ...errorResponses,
          409: MessageReply,
        },
      },
    },
    async (request) => {
      const video = await ownVideo(request, request.params.videoId);
      if (video.status !== 'uploading' || !video.uploadId) throw conflict('The upload is finished');
      return { parts: await media.uploads.parts(uploads, video.uploadKey, video.uploadId) };
    },
  );

  app.post(
    '/api/v1/videos/:videoId/complete',
    {
      preHandler: tutorOnly,
      schema: {
        summary: 'Finish the upload; the video is then transcoded',
        params: VideoParams,
        body: Type.Object({ parts: PartList }),
        response: {
          202: Type.Object({ status: Type.Literal('processing') }),
          ...errorResponses,
          409: MessageReply,
        },
      },
    },
    async (request, reply) => {
      const video = await ownVideo(request, request.params.videoId);
      if (video.status === 'processing') return reply.status(202).send({ status: 'processing' as const });
      if (video.status !== 'uploading' || !video.uploadId) throw conflict('The upload is finished');
      const held = await media.uploads.parts(uploads, video.uploadKey, video.uploadId);
      const total = held.reduce((sum, part) => sum + part.Size, 0);
      const contiguous = held.every((part, i) => part.PartNumber === i + 1);
      if (!contiguous || total !== video.size) {
        throw badRequest(
          `Storage holds ${total} of the ${video.size} bytes in ${held.length} parts; upload the rest first`,
        );
      }
      try {
        await media.uploads.complete(uploads, video.uploadKey, video.uploadId, request.body.parts);
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'InvalidPart' || code === 'InvalidPartOrder')
          throw badRequest('The parts do not match the upload');
        throw error;
      }
      await media.transcoder.enqueue(video._id);
      return reply.status(202).send({ status: 'processing' as const });
    },
  );

  app.delete(
    '/api/v1/videos/:videoId',
    {
      preHandler: tutorOnly,
      schema: {
        summary: 'Abort an upload, or delete a video and its renditions',
        params: VideoParams,
        response: { 200: MessageReply, ...errorResponses, 409: MessageReply, 503: MessageReply },
      },
    },
    async (request) => {
      const video = await ownVideo(request, request.params.videoId);
      if (video.status === 'ready' || video.status === 'processing') {
        const courses = await media.viewers.coursesPlaying(
          { videoId: video._id, tutorId: video.tutorId },
          request.id,
        );
        if (courses.length > 0) {
          throw conflict('This video is used by a course; remove it from the course first');
        }
      }
      const gone = await videos.deleteOne({ _id: video._id, status: video.status });
      if (gone.deletedCount === 0) throw conflict('The video changed meanwhile; try again');
      await media.transcoder.forget(video._id);
      if (video.status === 'uploading' && video.uploadId) {
        await media.uploads.abort(uploads, video.uploadKey, video.uploadId).catch(() => {});
      }
      await app.storage.remove(UPLOADS_BUCKET, video.uploadKey).catch(() => {});
      await media.removeRenditions(video._id);
      await usage.updateOne({ _id: video.tutorId }, { $inc: { bytes: -video.size } });
      return { message: 'Video deleted' };
    },
  );

  app.get(
    '/api/v1/videos/:videoId',
    {
      preHandler: requireRole('tutor', 'admin'),
      schema: {
        summary: 'One of your videos: its state, duration, poster and renditions',
        params: VideoParams,
        response: { 200: Video, ...errorResponses },
      },
    },
    async (request) => {
      const video = await ownVideo(request, request.params.videoId, true);
      return presentVideo(video, media.config.playbackSecret, inAnHour());
    },
  );

  app.get(
    '/api/v1/videos',
    {
      preHandler: tutorOnly,
      schema: {
        summary: 'Your videos, newest first',
        ...paging.schema(
          { videos: Type.Array(Video) },
          {
            query: {
              status: Type.Optional(
                Type.Union([
                  Type.Literal('uploading'),
                  Type.Literal('processing'),
                  Type.Literal('ready'),
                  Type.Literal('failed'),
                ]),
              ),
            },
            responses: errorResponses,
          },
        ),
      },
    },
    async (request) => {
      const tutorId = caller(request).userId;
      const page = paging.request(request.query);
      const filter: { tutorId: string; status?: VideoStatus } = { tutorId };
      if (request.query.status) filter.status = request.query.status;
      const { items: list, total } = await paging.find(videos, filter, { createdAt: -1, _id: -1 }, page);
      const expiresAt = inAnHour();
      return {
        videos: list.map((video) => presentVideo(video, media.config.playbackSecret, expiresAt)),
        ...paging.fields(total, page),
      };
    },
  );

  app.get(
    '/api/v1/videos/:videoId/playback',
    {
      schema: {
        summary: 'A signed address of the video’s master playlist, for an hour',
        params: VideoParams,
        response: {
          200: Type.Object({ url: Type.String(), poster: Type.String(), expiresAt: Type.String() }),
          ...errorResponses,
          409: MessageReply,
          503: MessageReply,
        },
      },
    },
    async (request) => {
      // Open to anyone at the gateway: a visitor is refused here like any non-buyer.
      const who = request.identity;
      if (!who) throw forbidden('Log in and enroll in the course to watch this video');
      const video = await videos.findOne({ _id: request.params.videoId });
      if (!video && who.role === 'admin') throw notFound('Video not found');
      const allowed =
        video !== null &&
        (who.role === 'admin' ||
          video.tutorId === who.userId ||
          (await media.viewers.mayWatch(
            { videoId: video._id, tutorId: video.tutorId },
            who.userId,
            request.id,
          )));
      // No video at all is refused as one the caller may not watch: ids reveal nothing.
      if (!video || !allowed) throw forbidden('Enroll in the course to watch this video');
      if (video.status !== 'ready' || !video.renditionSet) throw conflict('The video is not ready yet');
      const expiresAt = inAnHour();
      const prefix = playbackPrefix(media.config.playbackSecret, {
        videoId: video._id,
        renditionSet: video.renditionSet,
        expiresAt,
      });
      return {
        url: `${prefix}/master.m3u8`,
        poster: `${prefix}/poster.jpg`,
        expiresAt: new Date(expiresAt * 1000).toISOString(),
      };
    },
  );
}

function formatBytes(bytes: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}
