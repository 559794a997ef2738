import {
  badRequest,
  caller,
  conflict,
  errorResponses,
  MessageReply,
  notFound,
  ObjectIdString,
  paging,
  requireRole,
  type ServiceApp,
  Type,
} from '@liveedu/service-kit';
import { type Db, ObjectId } from 'mongodb';
import { playbackExpiry } from '../stream/playback-token.ts';
import { RENDITIONS_BUCKET } from '../stream/store.ts';
import { CAPTION_LANG, captionKey, captionsProblem, MAX_CAPTION_BYTES } from './captions.ts';
import { formatBytes, heldOf, MAX_PARTS, partCountOf, partLengthOf, partSizeOf, safeName } from './domain.ts';
import { presentVideo } from './present.ts';
import {
  releaseBytes,
  reserveBytes,
  UPLOADS_BUCKET,
  VIDEOS,
  type VideoDoc,
  type VideoStatus,
  VideoStatusSchema,
} from './store.ts';

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
  captions: Type.Array(Type.String(), { description: 'The languages of its captions' }),
});

const VideoParams = Type.Object({ videoId: ObjectIdString });
const PartList = Type.Array(
  Type.Object({
    PartNumber: Type.Integer({ minimum: 1, maximum: MAX_PARTS }),
    ETag: Type.String({ minLength: 1, maxLength: 200 }),
  }),
  { minItems: 1, maxItems: MAX_PARTS },
);

/**
 * The caller's own video (the admin may read any). Another tutor's answers the same 404 as no
 * video at all, so ids cannot be probed for what others have uploaded.
 */
async function ownVideo(
  db: Db,
  request: Parameters<typeof caller>[0],
  videoId: string,
  adminMay = false,
): Promise<VideoDoc> {
  const who = caller(request);
  const video = await VIDEOS.in(db).findOne({ _id: videoId });
  if (!video || (video.tutorId !== who.userId && !(adminMay && who.role === 'admin'))) {
    throw notFound('Video not found');
  }
  return video;
}

/** The storage upload of a video still `uploading`; any other is a 409. */
function openUpload(video: VideoDoc): string {
  if (video.status !== 'uploading' || !video.uploadId) throw conflict('The upload is finished');
  return video.uploadId;
}

/** Starts an upload: the tutor's quota is reserved and storage opens a multipart upload. */
export async function uploadRoutes(app: ServiceApp): Promise<void> {
  const { media } = app;
  const videos = VIDEOS.in(app.db);
  const uploads = app.storage.bucket(UPLOADS_BUCKET);

  app.post(
    '/api/v1/videos',
    {
      preHandler: requireRole('tutor'),
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
      if (!(await reserveBytes(app.db, tutorId, size, media.config.quotaBytes))) {
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
        await releaseBytes(app.db, tutorId, size);
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
      return reply
        .status(201)
        .send({ videoId, uploadId, partSize: partSizeOf(size, media.config.partBytes) });
    },
  );
}

/** The parts of an upload: a signed address for each, and what storage already holds. */
export async function uploadPartRoutes(app: ServiceApp): Promise<void> {
  const { media } = app;
  const uploads = app.storage.bucket(UPLOADS_BUCKET);
  const tutorOnly = requireRole('tutor');

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
      const video = await ownVideo(app.db, request, request.params.videoId);
      const uploadId = openUpload(video);
      const partNumber = Number(request.params.partNumber);
      // Every part is the upload's part size but the last, which is the rest: the URL signs that
      // length, so storage takes no more bytes than the upload declared.
      const partSize = partSizeOf(video.size, media.config.partBytes);
      const count = partCountOf(video.size, partSize);
      if (partNumber > count) throw badRequest(`This upload has at most ${count} parts`);
      const length = partLengthOf(video.size, partSize, partNumber);
      return { url: await media.uploads.partUrl(uploads, video.uploadKey, uploadId, partNumber, length) };
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
      const video = await ownVideo(app.db, request, request.params.videoId);
      const uploadId = openUpload(video);
      return { parts: await media.uploads.parts(uploads, video.uploadKey, uploadId) };
    },
  );
}

/** Finishes an upload once storage holds all of it; the video is then transcoded. */
export async function completeUploadRoutes(app: ServiceApp): Promise<void> {
  const { media } = app;
  const uploads = app.storage.bucket(UPLOADS_BUCKET);

  app.post(
    '/api/v1/videos/:videoId/complete',
    {
      preHandler: requireRole('tutor'),
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
      const video = await ownVideo(app.db, request, request.params.videoId);
      if (video.status === 'processing') return reply.status(202).send({ status: 'processing' as const });
      const uploadId = openUpload(video);
      const held = await media.uploads.parts(uploads, video.uploadKey, uploadId);
      const { total, whole } = heldOf(held, video.size);
      if (!whole) {
        throw badRequest(
          `Storage holds ${total} of the ${video.size} bytes in ${held.length} parts; upload the rest first`,
        );
      }
      try {
        await media.uploads.complete(uploads, video.uploadKey, uploadId, request.body.parts);
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
}

/** Aborts an upload, or deletes a video no course plays, with its original and renditions. */
export async function deleteVideoRoutes(app: ServiceApp): Promise<void> {
  const { media } = app;
  const videos = VIDEOS.in(app.db);
  const uploads = app.storage.bucket(UPLOADS_BUCKET);

  app.delete(
    '/api/v1/videos/:videoId',
    {
      preHandler: requireRole('tutor'),
      schema: {
        summary: 'Abort an upload, or delete a video and its renditions',
        params: VideoParams,
        response: { 200: MessageReply, ...errorResponses, 409: MessageReply, 503: MessageReply },
      },
    },
    async (request) => {
      const video = await ownVideo(app.db, request, request.params.videoId);
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
      await releaseBytes(app.db, video.tutorId, video.size);
      return { message: 'Video deleted' };
    },
  );
}

/** A tutor's videos as their owner (or the admin) sees them. */
export async function videoRoutes(app: ServiceApp): Promise<void> {
  const { media } = app;
  const videos = VIDEOS.in(app.db);

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
      const video = await ownVideo(app.db, request, request.params.videoId, true);
      return presentVideo(video, media.config.playbackSecret, playbackExpiry());
    },
  );

  app.get(
    '/api/v1/videos',
    {
      preHandler: requireRole('tutor'),
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
      const expiresAt = playbackExpiry();
      return {
        videos: list.map((video) => presentVideo(video, media.config.playbackSecret, expiresAt)),
        ...paging.fields(total, page),
      };
    },
  );
}

/** A tutor adds captions to their video, one WebVTT file per language (again to replace it). */
export async function captionRoutes(app: ServiceApp): Promise<void> {
  app.addContentTypeParser(
    'text/vtt',
    { parseAs: 'string', bodyLimit: MAX_CAPTION_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.put(
    '/api/v1/videos/:videoId/captions/:lang',
    {
      preHandler: requireRole('tutor'),
      bodyLimit: MAX_CAPTION_BYTES,
      schema: {
        summary: 'Add or replace the WebVTT captions of your video in one language (text/vtt, at most 1 MiB)',
        params: Type.Object({
          videoId: ObjectIdString,
          lang: Type.String({
            pattern: CAPTION_LANG,
            errorMessage: 'The language must be a code like en, hi or en-IN',
          }),
        }),
        body: Type.String({ maxLength: MAX_CAPTION_BYTES }),
        response: {
          200: Type.Object({ message: Type.String(), captions: Type.Array(Type.String()) }),
          ...errorResponses,
          413: MessageReply,
          415: MessageReply,
        },
      },
    },
    async (request) => {
      const { videoId, lang } = request.params;
      const video = await ownVideo(app.db, request, videoId);
      const problem = captionsProblem(request.body);
      if (problem) throw badRequest(problem);
      const bytes = Buffer.from(request.body, 'utf8');
      await (await app.storage.client()).putObject(
        app.storage.bucket(RENDITIONS_BUCKET),
        captionKey(video._id, lang),
        bytes,
        bytes.length,
        { 'Content-Type': 'text/vtt; charset=utf-8' },
      );
      const saved = await VIDEOS.in(app.db).findOneAndUpdate(
        { _id: video._id },
        { $addToSet: { captions: lang } },
        { returnDocument: 'after', projection: { captions: 1 } },
      );
      return { message: 'Captions saved', captions: saved?.captions ?? [lang] };
    },
  );
}
