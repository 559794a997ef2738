import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ResponseOf } from '@liveedu/api-client';
import { catalogService } from '@liveedu/catalog';
import { identityService } from '@liveedu/identity';
import {
  makeTestPattern,
  mediaService,
  playbackToken,
  probeVideo,
  removeAbandonedUploads,
  toolPaths,
} from '@liveedu/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse, newTutor, publishPaymentSucceeded } from '../support/flows.ts';
import { mailsTo } from '../support/mail.ts';
import { type VideoView, videoUploads } from '../support/media.ts';
import { eventually, type Session, startTestStack, type TestStack } from '../support/stack.ts';

const PART = 5 * 1024 * 1024;
const SECRET = 'media-test-playback-secret-of-enough-length';
const tools = toolPaths();

let stack: TestStack;
let dir: string;
let lecture: Buffer;
let lectureSeconds: number;
let tutor: Session;
let otherTutor: Session;
let admin: Session;
let student: Session;
let uploads: ReturnType<typeof videoUploads>;

/** A course whose one item plays a hosted video (a free preview when `preview`). */
const courseWithVideo = (as: Session, videoId: string, preview = false) =>
  createCourse(stack, as, {
    title: 'Hosted lectures',
    desc: 'A course whose videos live here.',
    benefits: 'Watching without leaving the site',
    prerequistes: 'None',
    courseContent: [
      [
        {
          sectionTitle: 'Start',
          videoTitle: 'Welcome',
          videoDesc: 'The first lecture',
          videoId,
          ...(preview ? { preview: true } : {}),
        },
      ],
    ],
  });

/** What a completed payment does: the catalog enrolls the student from the event. */
async function buy(courseId: string, buyer: Session, seller: Session): Promise<void> {
  await publishPaymentSucceeded(stack.services.catalog, {
    courseId,
    courseTitle: 'Hosted lectures',
    studentId: buyer._id,
    tutorId: seller._id,
    amountPaise: 49_900,
  });

  await eventually(
    async () => {
      const learn = await stack.call('GET', `/api/v1/learn-course/${courseId}/user/${buyer._id}`, {
        as: buyer,
      });
      return learn.status === 200 ? true : undefined;
    },
    15_000,
    'enrollment',
  );
}

async function probeSeconds(file: string, formats?: string[]): Promise<number> {
  return (await probeVideo(tools, file, formats)).durationSec;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'liveedu-media-'));
  const source = join(dir, 'lecture.mp4');
  await makeTestPattern(tools, source, { seconds: 5, videoKbps: 12_000 });
  lecture = await readFile(source);
  lectureSeconds = await probeSeconds(source);
  stack = await startTestStack({
    services: { identity: identityService, catalog: catalogService, media: mediaService },
    env: {
      MEDIA_PART_BYTES: String(PART),
      MEDIA_PLAYBACK_SECRET: SECRET,
      MEDIA_MAX_BYTES: String(64 * 1024 * 1024),
      // Identity's mails land here.
      DATA_DIR: dir,
      SMTP_URL: '',
    },
  });
  uploads = videoUploads(stack);
  tutor = await newTutor(stack);
  otherTutor = await newTutor(stack);
  student = await stack.newUser('student');
  admin = await stack.loginAdmin();
}, 120_000);

afterAll(async () => {
  await stack?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('videos: resumable upload straight to storage, HLS, signed playback', () => {
  let videoId: string;
  let view: VideoView;

  it('resumes an interrupted upload from the parts storage holds, then transcodes it', async () => {
    expect(lecture.length).toBeGreaterThan(PART);
    const started = await uploads.startUpload(tutor, lecture);
    videoId = started.videoId;
    expect(started.partSize).toBe(PART);
    const first = await uploads.putPart(tutor, videoId, 1, lecture.subarray(0, PART));
    // The connection drops here; the editor asks what storage already has.
    const held = await stack.call<{ parts: Array<{ PartNumber: number; ETag: string; Size: number }> }>(
      'GET',
      `/api/v1/videos/${videoId}/parts`,
      { as: tutor },
    );
    expect(held.status).toBe(200);
    expect(held.body.parts).toEqual([{ PartNumber: 1, ETag: first, Size: PART }]);
    const early = await stack.call('POST', `/api/v1/videos/${videoId}/complete`, {
      as: tutor,
      body: { parts: [{ PartNumber: 1, ETag: first }] },
    });
    expect(early.status).toBe(400);
    const second = await uploads.putPart(tutor, videoId, 2, lecture.subarray(PART));
    const done = await stack.call('POST', `/api/v1/videos/${videoId}/complete`, {
      as: tutor,
      body: {
        parts: [
          { PartNumber: 1, ETag: first },
          { PartNumber: 2, ETag: second },
        ],
      },
    });
    expect(done.status).toBe(202);
    expect(done.body).toEqual({ status: 'processing' });
    view = await uploads.settled(tutor, videoId);
    expect(view.status).toBe('ready');
    expect(view.renditions.length).toBeGreaterThanOrEqual(2);
    expect(Math.abs((view.durationSec ?? 0) - lectureSeconds)).toBeLessThan(0.5);
    expect(view.poster).toMatch(new RegExp(`^/media/${videoId}/`));
  }, 120_000);

  it('serves a master playlist whose renditions play, to the tutor and the admin', async () => {
    for (const who of [tutor, admin]) {
      const playback = await stack.call<{ url: string; poster: string; expiresAt: string }>(
        'GET',
        `/api/v1/videos/${videoId}/playback`,
        { as: who },
      );
      expect(playback.status).toBe(200);
      const expires = Date.parse(playback.body.expiresAt) - Date.now();
      expect(expires).toBeGreaterThan(50 * 60_000);
      expect(expires).toBeLessThanOrEqual(60 * 60_000);
      const master = await fetch(`${stack.url}${playback.body.url}`);
      expect(master.status).toBe(200);
      expect(master.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
      const variants = (await master.text()).split('\n').filter((line) => line.endsWith('.m3u8'));
      expect(variants.length).toBeGreaterThanOrEqual(2);
      const base = playback.body.url.replace(/master\.m3u8$/, '');
      for (const variant of variants) {
        const playlist = await (await fetch(`${stack.url}${base}${variant}`)).text();
        const segment = playlist.split('\n').find((line) => line.endsWith('.ts'));
        const bytes = await fetch(`${stack.url}${base}${variant.replace(/index\.m3u8$/, '')}${segment}`);
        expect(bytes.status).toBe(200);
        const file = join(dir, `segment-${variant.replace('/', '-')}.ts`);
        await writeFile(file, Buffer.from(await bytes.arrayBuffer()));
        // Our HLS output is MPEG-TS, which an upload may never be.
        expect(await probeSeconds(file, ['mpegts'])).toBeGreaterThan(0);
      }
      const poster = await fetch(`${stack.url}${playback.body.poster}`);
      expect(poster.status).toBe(200);
      expect(poster.headers.get('content-type')).toBe('image/jpeg');
    }
  });

  it('refuses a segment without a token, with a tampered one or an expired one', async () => {
    const playback = await stack.call<{ url: string }>('GET', `/api/v1/videos/${videoId}/playback`, {
      as: tutor,
    });
    const [, , , renditionSet, token] = playback.body.url.split('/');
    const segment = '360p/seg_0000.ts';
    const good = await fetch(`${stack.url}/media/${videoId}/${renditionSet}/${token}/${segment}`);
    expect(good.status).toBe(200);
    const tampered = `${token!.slice(0, -2)}${token!.endsWith('A') ? 'BB' : 'AA'}`;
    const expired = playbackToken(SECRET, {
      videoId,
      renditionSet: renditionSet!,
      expiresAt: Math.floor(Date.now() / 1000) - 5,
    });
    const longer = `${Number(token!.split('.')[0]) + 3600}.${token!.split('.')[1]}`;
    for (const path of [
      `/media/${videoId}/${renditionSet}/${segment}`,
      `/media/${videoId}/${renditionSet}/${tampered}/${segment}`,
      `/media/${videoId}/${renditionSet}/${expired}/${segment}`,
      `/media/${videoId}/${renditionSet}/${longer}/${segment}`,
    ]) {
      const refused = await fetch(`${stack.url}${path}`);
      expect(refused.status, path).toBe(403);
      expect(await refused.json()).toHaveProperty('message');
    }
  });

  it('gives a visitor and a student who did not buy 403 on playback', async () => {
    const visitor = await stack.call('GET', `/api/v1/videos/${videoId}/playback`);
    expect(visitor.status).toBe(403);
    expect(visitor.body).toEqual({ message: 'Log in and enroll in the course to watch this video' });
    const stranger = await stack.call('GET', `/api/v1/videos/${videoId}/playback`, { as: student });
    expect(stranger.status).toBe(403);
    expect(stranger.body).toHaveProperty('message');
  });

  it('plays to a student who bought a course of the tutor that uses it, and to no one through another tutor', async () => {
    const courseId = await courseWithVideo(tutor, videoId);
    // Another tutor naming the same video in their course gives their buyers nothing.
    const borrowed = await courseWithVideo(otherTutor, videoId);
    const buyer = await stack.newUser('buyer');
    await buy(borrowed, buyer, otherTutor);
    expect((await stack.call('GET', `/api/v1/videos/${videoId}/playback`, { as: buyer })).status).toBe(403);
    await buy(courseId, buyer, tutor);
    const content = await stack.call<{
      courseContent: Array<Array<{ videoId?: string; videoLink: string }>>;
    }>('GET', `/api/v1/learn-course/${courseId}/user/${buyer._id}`, { as: buyer });
    expect(content.body.courseContent[0]![0]).toMatchObject({ videoId, videoLink: '' });
    const playback = await stack.call<{ url: string }>('GET', `/api/v1/videos/${videoId}/playback`, {
      as: buyer,
    });
    expect(playback.status).toBe(200);
    expect((await fetch(`${stack.url}${playback.body.url}`)).status).toBe(200);
    // A video a course plays is not deleted from under its students.
    const inUse = await stack.call('DELETE', `/api/v1/videos/${videoId}`, { as: tutor });
    expect(inUse.status).toBe(409);
    expect(inUse.body).toEqual({
      message: 'This video is used by a course; remove it from the course first',
    });
  });

  it('plays a free preview to anyone while a listed course of its own tutor offers it as one', async () => {
    const playback = (as?: Session) => stack.call('GET', `/api/v1/videos/${videoId}/playback`, { as });
    // Another tutor marking the video as a preview of their course opens nothing.
    await courseWithVideo(otherTutor, videoId, true);
    expect((await playback()).status).toBe(403);
    const courseId = await courseWithVideo(tutor, videoId, true);
    const page = await stack.call<ResponseOf<'/api/v1/get-course-details/{id}', 'get'>>(
      'GET',
      `/api/v1/get-course-details/${courseId}`,
    );
    expect(page.body.courseContent[0]![0]).toMatchObject({ preview: true, videoId, videoLink: '' });
    const forVisitor = await playback();
    expect(forVisitor.status).toBe(200);
    expect((await fetch(`${stack.url}${(forVisitor.body as { url: string }).url}`)).status).toBe(200);
    expect((await playback(student)).status).toBe(200);
    // Deleted, the course offers nothing to visitors any more.
    expect((await stack.call('DELETE', `/api/v1/delete-course/${courseId}`, { as: tutor })).status).toBe(200);
    expect(await playback()).toMatchObject({
      status: 403,
      body: { message: 'Log in and enroll in the course to watch this video' },
    });
  });

  it('takes WebVTT captions per language from the tutor, lists them on playback and serves them signed', async () => {
    const vtt = 'WEBVTT\n\n00:00:00.500 --> 00:00:02.000\nWelcome to the lecture\n';
    const put = (as: Session, lang: string, text: string) =>
      stack.call('PUT', `/api/v1/videos/${videoId}/captions/${lang}`, {
        as,
        raw: text,
        headers: { 'content-type': 'text/vtt' },
      });
    expect(await put(tutor, 'en', vtt)).toMatchObject({
      status: 200,
      body: { message: 'Captions saved', captions: ['en'] },
    });
    expect((await put(tutor, 'hi', vtt)).body).toMatchObject({ captions: ['en', 'hi'] });
    // Again in a language it has: replaced, listed once.
    expect((await put(tutor, 'en', vtt.replace('Welcome', 'Hello'))).body).toMatchObject({
      captions: ['en', 'hi'],
    });
    expect(await put(tutor, 'english', vtt)).toMatchObject({
      status: 400,
      body: { message: 'The language must be a code like en, hi or en-IN' },
    });
    const srt = await put(tutor, 'ta', '1\n00:00:01,000 --> 00:00:02,000\nAn SRT file\n');
    expect(srt.status).toBe(400);
    expect(srt.body).toEqual({ message: 'Captions must be a WebVTT file: its first line is WEBVTT' });
    const huge = `WEBVTT\n\n${'00:00:01.000 --> 00:00:02.000\nline\n\n'.repeat(40_000)}`;
    expect((await put(tutor, 'ta', huge)).status).toBe(413);
    expect((await put(otherTutor, 'ta', vtt)).status).toBe(404);
    expect((await put(student, 'ta', vtt)).status).toBe(403);

    const playback = await stack.call<ResponseOf<'/api/v1/videos/{videoId}/playback', 'get'>>(
      'GET',
      `/api/v1/videos/${videoId}/playback`,
      { as: tutor },
    );
    expect(playback.body.captions.map((c) => c.lang)).toEqual(['en', 'hi']);
    const english = await fetch(`${stack.url}${playback.body.captions[0]!.url}`);
    expect(english.status).toBe(200);
    expect(english.headers.get('content-type')).toMatch(/^text\/vtt/);
    expect(await english.text()).toBe(vtt.replace('Welcome', 'Hello'));
    // Signed like the video: a forged address is refused.
    const forged = playback.body.captions[0]!.url.replace(
      /\/[^/]+\/captions\//,
      '/4102444800.AAAAAAAAAAAAAAAAAAAAAA/captions/',
    );
    expect((await fetch(`${stack.url}${forged}`)).status).toBe(403);
  });

  it("keeps another tutor out of a tutor's video, answering as if there were none", async () => {
    const parts = [{ PartNumber: 1, ETag: 'x' }];
    for (const [method, path, body] of [
      ['GET', `/api/v1/videos/${videoId}`, undefined],
      ['GET', `/api/v1/videos/${videoId}/parts/1/url`, undefined],
      ['GET', `/api/v1/videos/${videoId}/parts`, undefined],
      ['POST', `/api/v1/videos/${videoId}/complete`, { parts }],
      ['DELETE', `/api/v1/videos/${videoId}`, undefined],
    ] as const) {
      const answer = await stack.call(method, path, { as: otherTutor, body });
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body).toEqual({ message: 'Video not found' });
    }
    // Playback refuses whoever may not watch, whether or not the video exists.
    for (const id of [videoId, '0123456789abcdef01234567']) {
      const playback = await stack.call('GET', `/api/v1/videos/${id}/playback`, { as: otherTutor });
      expect(playback.status).toBe(403);
      expect(playback.body).toEqual({ message: 'Enroll in the course to watch this video' });
    }
    const mine = await stack.call<ResponseOf<'/api/v1/videos', 'get'>>('GET', '/api/v1/videos', {
      as: otherTutor,
    });
    expect(mine.body.total).toBe(0);
    const theirs = await stack.call<ResponseOf<'/api/v1/videos', 'get'>>(
      'GET',
      '/api/v1/videos?status=ready',
      {
        as: tutor,
      },
    );
    expect(theirs.body.videos.map((v) => v.videoId)).toEqual([videoId]);
  });

  it('ends a text file named .mp4 as failed with a message, and nothing else breaks', async () => {
    const text = Buffer.from('Lecture notes, not a video.\n'.repeat(200));
    const fakeId = await uploads.uploadWhole(tutor, text, 'notes.mp4');
    const fake = await uploads.settled(tutor, fakeId);
    expect(fake.status).toBe('failed');
    expect(fake.error).toMatch(/not a video/i);
    const playback = await stack.call('GET', `/api/v1/videos/${fakeId}/playback`, { as: tutor });
    expect(playback.status).toBe(409);
    const still = await stack.call<VideoView>('GET', `/api/v1/videos/${videoId}`, { as: tutor });
    expect(still.body.status).toBe('ready');
    // The tutor, who may have left the page, is told by mail, naming the file.
    const mail = await eventually(
      async () => (await mailsTo(dir, tutor.email)).find((m) => /could not be prepared/.test(m)),
      15_000,
      'the failed-video mail',
    );
    expect(mail).toContain('"notes.mp4"');
    expect(mail).toMatch(/not a video/i);
  }, 120_000);

  it('refuses what is not a video, or too large, with a message', async () => {
    const pdf = await stack.call('POST', '/api/v1/videos', {
      as: tutor,
      body: { filename: 'notes.pdf', contentType: 'application/pdf', size: 1000 },
    });
    expect(pdf.status).toBe(400);
    expect(pdf.body).toEqual({ message: 'Only video files can be uploaded' });
    const huge = await stack.call('POST', '/api/v1/videos', {
      as: tutor,
      body: { filename: 'huge.mp4', contentType: 'video/mp4', size: 65 * 1024 * 1024 },
    });
    // The limit is the published schema's `maximum`, so clients learn it from the document.
    expect(huge.status).toBe(400);
    expect(huge.body).toEqual({ message: 'A video may be at most 64 MiB' });
    const doc = await stack.call<{
      paths: Record<string, { post: { requestBody: { content: Record<string, { schema: unknown }> } } }>;
    }>('GET', '/api/docs/openapi.json');
    const body = doc.body.paths['/api/v1/videos']?.post.requestBody.content['application/json']?.schema as {
      properties: { size: { minimum: number; maximum: number } };
    };
    expect(body.properties.size).toMatchObject({ minimum: 1, maximum: 64 * 1024 * 1024 });
    const largest = await stack.call('POST', '/api/v1/videos', {
      as: tutor,
      body: { filename: 'largest.mp4', contentType: 'video/mp4', size: 64 * 1024 * 1024 },
    });
    expect(largest.status).toBe(201);
    const asStudent = await stack.call('POST', '/api/v1/videos', {
      as: student,
      body: { filename: 'a.mp4', contentType: 'video/mp4', size: 1000 },
    });
    expect(asStudent.status).toBe(403);
  });

  it('signs each part URL for its length: storage refuses a larger or smaller part', async () => {
    const started = await uploads.startUpload(tutor, lecture, 'exact-parts.mp4');
    const signed = await stack.call<{ url: string }>('GET', `/api/v1/videos/${started.videoId}/parts/1/url`, {
      as: tutor,
    });
    expect(signed.status).toBe(200);
    expect(signed.body.url).toMatch(/X-Amz-SignedHeaders=content-length%3Bhost/);
    for (const wrong of [lecture.subarray(0, PART + 1), lecture.subarray(0, PART - 1)]) {
      const put = await fetch(signed.body.url, { method: 'PUT', body: wrong });
      expect(put.status, `${wrong.length} bytes`).toBe(403);
      await put.body?.cancel();
    }
    const held = await stack.call<{ parts: unknown[] }>('GET', `/api/v1/videos/${started.videoId}/parts`, {
      as: tutor,
    });
    expect(held.body.parts).toEqual([]);
    // The last part's URL is for the rest, and a part past the last has none.
    const count = Math.ceil(lecture.length / PART);
    const last = await stack.call<{ url: string }>(
      'GET',
      `/api/v1/videos/${started.videoId}/parts/${count}/url`,
      { as: tutor },
    );
    const rest = lecture.subarray((count - 1) * PART);
    const put = await fetch(last.body.url, { method: 'PUT', body: rest });
    expect(put.status).toBe(200);
    const beyond = await stack.call('GET', `/api/v1/videos/${started.videoId}/parts/${count + 1}/url`, {
      as: tutor,
    });
    expect(beyond).toMatchObject({
      status: 400,
      body: { message: `This upload has at most ${count} parts` },
    });
    await stack.call('DELETE', `/api/v1/videos/${started.videoId}`, { as: tutor });
  });

  it('removes an upload left unfinished for a day: its parts are aborted and its bytes back in the quota', async () => {
    const media = stack.services.media!;
    const usage = () =>
      media.app.db.collection<{ _id: string; bytes: number }>('usage').findOne({ _id: tutor._id });
    const before = (await usage())?.bytes ?? 0;
    const started = await uploads.startUpload(tutor, lecture, 'left-behind.mp4');
    await uploads.putPart(tutor, started.videoId, 1, lecture.subarray(0, PART));
    expect((await usage())?.bytes).toBe(before + lecture.length);
    const videos = media.app.db.collection<{ _id: string; uploadKey: string; uploadId: string }>('videos');
    const doc = (await videos.findOne({ _id: started.videoId }))!;

    // An hour short of a day, it stays; past a day, it goes.
    const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3_600_000);
    await videos.updateOne({ _id: started.videoId }, { $set: { createdAt: at(23) } });
    expect(await removeAbandonedUploads(media.app)).toBe(0);
    await videos.updateOne({ _id: started.videoId }, { $set: { createdAt: at(25) } });
    expect(await removeAbandonedUploads(media.app)).toBe(1);

    const view = await stack.call('GET', `/api/v1/videos/${started.videoId}`, { as: tutor });
    expect(view.status).toBe(404);
    expect((await usage())?.bytes).toBe(before);
    const client = await media.app.storage.client();
    const pending = await client
      .listIncompleteUploads(media.app.storage.bucket('video-uploads'), doc.uploadKey, true)
      .toArray();
    expect(pending.filter((u: { uploadId: string }) => u.uploadId === doc.uploadId)).toEqual([]);
  });

  it('deletes a video no course plays, with its renditions, after which its addresses are dead', async () => {
    const spare = await uploads.uploadWhole(tutor, lecture);
    expect((await uploads.settled(tutor, spare)).status).toBe('ready');
    const playback = await stack.call<{ url: string }>('GET', `/api/v1/videos/${spare}/playback`, {
      as: tutor,
    });
    const gone = await stack.call('DELETE', `/api/v1/videos/${spare}`, { as: tutor });
    expect(gone.status).toBe(200);
    expect((await stack.call('GET', `/api/v1/videos/${spare}`, { as: tutor })).status).toBe(404);
    const master = await fetch(`${stack.url}${playback.body.url}`);
    expect(master.status).toBe(404);
  }, 120_000);
});
