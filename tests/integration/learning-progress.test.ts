import type { ResponseOf, VideoItem } from '@liveedu/api-client';
import { catalogService } from '@liveedu/catalog';
import { identityService } from '@liveedu/identity';
import { ObjectId } from 'mongodb';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  courseData,
  courseForm,
  courseForUpdate,
  createCourse,
  enrolledStudent,
  publishVideoReady,
  videoItem,
} from '../support/flows.ts';
import { eventually, type Session, startTestStack, type TestStack } from '../support/stack.ts';

type Progress = ResponseOf<'/api/v1/progress/{courseId}', 'get'>;
type Analytics = ResponseOf<'/api/v1/course-analytics/{courseId}', 'get'>;
type Certificate = ResponseOf<'/api/v1/certificates/{certificateId}', 'get'>;

let stack: TestStack;
let tutor: Session;

/** A course of the tutor's with these sections, and its items with the ids the catalog gave them. */
async function newCourse(
  title: string,
  content: unknown[][],
): Promise<{ courseId: string; items: VideoItem[] }> {
  const courseId = await createCourse(stack, tutor, finishing(title, content));
  const edit = await courseForUpdate(stack, courseId, tutor);
  return { courseId, items: edit.courseContent.flat() };
}

/** The course form's fields for a course to finish. */
const finishing = (title: string, courseContent: unknown[][]) => ({
  title,
  desc: 'A course to finish.',
  price: 299,
  benefits: 'A certificate',
  prerequistes: 'None',
  courseContent,
});

const buyer = (courseId: string, prefix = 'learner') => enrolledStudent(stack, tutor, courseId, prefix);

const report = (as: Session, courseId: string, itemId: string, body: Record<string, unknown>) =>
  stack.call<Progress>('PUT', `/api/v1/progress/${courseId}/${itemId}`, { as, body });

/** A hosted video the media service has probed at `durationSec`, as the catalog learns of it. */
async function readyVideo(durationSec: number): Promise<string> {
  const videoId = new ObjectId().toHexString();
  await publishVideoReady(stack.services.catalog, { videoId, durationSec });
  await eventually(async () => {
    const known = await stack.services
      .catalog!.app.db.collection('video_durations')
      .findOne({ _id: videoId as never });
    return known ? true : undefined;
  });
  return videoId;
}

const hostedBy = (videoId: string) => ({ videoId, videoLink: '' });

/** Moves the items' last reports `seconds` back, as if the student had been watching meanwhile. */
async function timePasses(student: Session, courseId: string, itemIds: string[], seconds: number) {
  const at = new Date(Date.now() - seconds * 1000);
  await stack.services
    .catalog!.app.db.collection('progress')
    .updateOne(
      { _id: `${student._id}:${courseId}` as never },
      { $set: Object.fromEntries(itemIds.map((id) => [`items.${id}.reportedAt`, at])) },
    );
}

async function certificatesOf(student: Session) {
  return (
    await stack.call<Array<{ certificateId: string; courseId: string }>>('GET', '/api/v1/certificates', {
      as: student,
    })
  ).body;
}

beforeAll(async () => {
  stack = await startTestStack({ services: { identity: identityService, catalog: catalogService } });
  tutor = await stack.newUser('tutor');
  await stack.services
    .identity!.app.db.collection('users')
    .updateOne({ _id: new ObjectId(tutor._id) }, { $set: { role: 'tutor' } });
}, 60_000);

afterAll(() => stack?.close());

describe('learning progress', () => {
  it('keeps what was watched and where to continue, and never completes by seeking', async () => {
    const { courseId, items } = await newCourse('Progress basics', [[videoItem('One'), videoItem('Two')]]);
    const student = await buyer(courseId);
    const [one, two] = items as [VideoItem, VideoItem];
    const first = await report(student, courseId, one._id, {
      positionSec: 30,
      durationSec: 100,
      watchedRanges: [[0, 30]],
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      percent: 0,
      completedItems: 0,
      resume: { itemId: one._id, positionSec: 30 },
      items: [
        { itemId: one._id, positionSec: 30, completed: false },
        { itemId: two._id, positionSec: 0, completed: false },
      ],
    });
    // Straight to the end: a position and a last few seconds complete nothing.
    const seek = await report(student, courseId, one._id, {
      positionSec: 100,
      durationSec: 100,
      watchedRanges: [[96, 100]],
    });
    expect(seek.body.items[0]).toEqual({ itemId: one._id, positionSec: 100, completed: false });
    // Watching the rest completes it: 0–30, 30–90 and 96–100 cover 94 of 100 seconds.
    const rest = await report(student, courseId, one._id, {
      positionSec: 90,
      durationSec: 100,
      watchedRanges: [[30, 90]],
    });
    expect(rest.body).toMatchObject({
      percent: 50,
      completedItems: 1,
      resume: { itemId: one._id, positionSec: 90 },
    });
    const read = await stack.call<Progress>('GET', `/api/v1/progress/${courseId}`, { as: student });
    expect(read.body).toEqual(rest.body);
    const enrolled = await stack.call<{ coursesEnrolled: Array<{ _id: string; progress: number }> }>(
      'GET',
      '/api/v1/enrolled-courses',
      { as: student },
    );
    expect(enrolled.body.coursesEnrolled.find((c) => c._id === courseId)?.progress).toBe(50);

    // The tutor sees where students are, item by item, from the events of these reports.
    const analytics = await eventually(async () => {
      const answer = await stack.call<Analytics>('GET', `/api/v1/course-analytics/${courseId}`, {
        as: tutor,
      });
      return answer.body.items?.[0]?.completed === 1 ? answer.body : undefined;
    });
    expect(analytics).toEqual({
      courseId,
      enrolled: 1,
      items: [
        {
          itemId: one._id,
          videoTitle: 'One',
          hosted: false,
          started: 1,
          completed: 1,
          startedShare: 1,
          completedShare: 1,
          retention: null,
        },
        {
          itemId: two._id,
          videoTitle: 'Two',
          hosted: false,
          started: 0,
          completed: 0,
          startedShare: 0,
          completedShare: 0,
          retention: null,
        },
      ],
    });
    expect((await stack.call('GET', `/api/v1/course-analytics/${courseId}`, { as: student })).status).toBe(
      403,
    );
  });

  it('lets only its students, its tutor and the admin write, within the item', async () => {
    const { courseId, items } = await newCourse('Guarded progress', [
      [videoItem('Linked'), videoItem('Hosted', hostedBy(await readyVideo(60)))],
    ]);
    const student = await buyer(courseId);
    const [linked, hosted] = items as [VideoItem, VideoItem];
    const body = { positionSec: 5, durationSec: 60, watchedRanges: [[0, 5]] };
    const stranger = await stack.newUser('stranger');
    expect((await report(stranger, courseId, linked._id, body)).status).toBe(403);
    expect((await stack.call('PUT', `/api/v1/progress/${courseId}/${linked._id}`, { body })).status).toBe(
      401,
    );
    expect((await report(tutor, courseId, linked._id, body)).status).toBe(200);
    const admin = await stack.login('admin', 'admin-test-password');
    expect((await report(admin, courseId, linked._id, body)).status).toBe(200);
    for (const wrong of [
      { ...body, positionSec: 61 },
      { ...body, watchedRanges: [[0, 61]] },
      { ...body, watchedRanges: [[10, 5]] },
      { ...body, positionSec: -1 },
    ]) {
      const refused = await report(student, courseId, linked._id, wrong);
      expect(refused.status, JSON.stringify(wrong)).toBe(400);
      expect(refused.body).toHaveProperty('message');
    }
    expect((await report(student, courseId, new ObjectId().toHexString(), body)).status).toBe(404);
    // "Mark as done" is for a linked video; a hosted one is completed by watching it.
    const hostedDone = await report(student, courseId, hosted._id, { ...body, completed: true });
    expect(hostedDone.status).toBe(400);
    // A hosted video's retention: this student watched its first half.
    await report(student, courseId, hosted._id, {
      positionSec: 30,
      durationSec: 60,
      watchedRanges: [[0, 30]],
    });
    const retention = await eventually(async () => {
      const answer = await stack.call<Analytics>('GET', `/api/v1/course-analytics/${courseId}`, {
        as: tutor,
      });
      const curve = answer.body.items?.find((i) => i.itemId === hosted._id)?.retention;
      return curve?.[0] === 1 ? curve : undefined;
    });
    expect(retention).toEqual([...new Array(10).fill(1), ...new Array(10).fill(0)]);
    // An item without a hosted video is marked done with `{completed: true}` alone.
    const shortForHosted = await report(student, courseId, hosted._id, { completed: true });
    expect(shortForHosted).toMatchObject({
      status: 400,
      body: { message: 'A hosted video is completed by watching it' },
    });
    for (const partial of [{}, { completed: false }, { positionSec: 3, durationSec: 10 }]) {
      const refused = await report(student, courseId, linked._id, partial);
      expect(refused, JSON.stringify(partial)).toMatchObject({
        status: 400,
        body: { message: 'All fields are required' },
      });
    }
    const linkedDone = await report(student, courseId, linked._id, { completed: true });
    expect(linkedDone.status, JSON.stringify(linkedDone.body)).toBe(200);
    expect(linkedDone.body.items[0]).toMatchObject({ itemId: linked._id, completed: true });
    // The full report still marks it done, as clients written before the short form send it.
    const other = await buyer(courseId, 'fullform');
    const fullForm = await report(other, courseId, linked._id, {
      positionSec: 0,
      durationSec: 1,
      watchedRanges: [],
      completed: true,
    });
    expect(fullForm.body.items[0]).toMatchObject({ itemId: linked._id, completed: true });
  });
});

describe('certificates', () => {
  let courseId: string;
  let items: VideoItem[];
  let student: Session;
  let certificateId: string;

  it('issues exactly one when the last two items complete at the same instant', async () => {
    // Two hosted lectures the media service probed at 30 minutes each: a certificate of 1 hour.
    ({ courseId, items } = await newCourse('Finishing Strong', [
      [videoItem('Alpha', hostedBy(await readyVideo(1800)))],
      [videoItem('Beta', hostedBy(await readyVideo(1800)))],
    ]));
    student = await buyer(courseId, 'finisher');
    const ids = items.map((it) => it._id);
    for (const it of items) {
      await report(student, courseId, it._id, {
        positionSec: 10,
        durationSec: 1800,
        watchedRanges: [[0, 10]],
      });
    }
    await timePasses(student, courseId, ids, 800);
    for (const it of items) {
      await report(student, courseId, it._id, {
        positionSec: 80,
        durationSec: 1800,
        watchedRanges: [[0, 1600]],
      });
    }
    expect(await certificatesOf(student)).toEqual([]);
    await timePasses(student, courseId, ids, 200);
    const last = await Promise.all(
      items.map((it) =>
        report(student, courseId, it._id, {
          positionSec: 1800,
          durationSec: 1800,
          watchedRanges: [[1600, 1800]],
        }),
      ),
    );
    expect(last.map((r) => r.status)).toEqual([200, 200]);
    const issued = await eventually(async () => {
      const mine = await certificatesOf(student);
      return mine.length > 0 ? mine : undefined;
    });
    // A replay of the completion or a late handler adds nothing.
    await report(student, courseId, items[0]!._id, {
      positionSec: 1800,
      durationSec: 1800,
      watchedRanges: [[0, 1800]],
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await certificatesOf(student)).toEqual(issued);
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({ courseId, courseTitle: 'Finishing Strong' });
    certificateId = issued[0]!.certificateId;
    expect(certificateId).toMatch(/^[0-9a-f]{32}$/);
  });

  it('verifies publicly without a token, and is 404 for an unknown or altered one', async () => {
    const shown = await stack.call<Certificate>('GET', `/api/v1/certificates/${certificateId}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({
      certificateId,
      studentName: student.username,
      courseTitle: 'Finishing Strong',
      tutorName: tutor.username,
      hours: 1,
    });
    const unknown = await stack.call('GET', `/api/v1/certificates/${'0'.repeat(32)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Certificate not found' });
    const certificates = stack.services.catalog!.app.db.collection('certificates');
    await certificates.updateOne({ _id: certificateId as never }, { $set: { studentName: 'Someone Else' } });
    // Past the second the gateway may keep a public answer.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await stack.call('GET', `/api/v1/certificates/${certificateId}`)).status).toBe(404);
    await certificates.updateOne(
      { _id: certificateId as never },
      { $set: { studentName: student.username } },
    );
  });

  it('renders a PDF naming the student and the course', async () => {
    const response = await fetch(`${stack.url}/api/v1/certificates/${certificateId}/pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const parser = new PDFParse({ data: new Uint8Array(await response.arrayBuffer()) });
    const { text } = await parser.getText();
    await parser.destroy();
    expect(text).toContain(student.username);
    expect(text).toContain('Finishing Strong');
    expect(text).toContain(certificateId);
  });

  it('keeps item ids and progress through an edit of the course', async () => {
    const [alpha, beta] = items as [VideoItem, VideoItem];
    const saved = await stack.call('PUT', `/api/v1/update-course/${courseId}`, {
      as: tutor,
      raw: courseForm(
        courseData(finishing('Finishing Strong', [[{ ...beta, videoTitle: 'Beta, revised' }, alpha]])),
        null,
      ),
    });
    expect(saved.status).toBe(200);
    const progress = await stack.call<Progress>('GET', `/api/v1/progress/${courseId}`, { as: student });
    expect(progress.body.items).toEqual([
      { itemId: beta._id, positionSec: 1800, completed: true },
      { itemId: alpha._id, positionSec: 1800, completed: true },
    ]);
    expect(progress.body.percent).toBe(100);
  });

  it('stays valid after the course and the student account are deleted', async () => {
    expect((await stack.call('DELETE', `/api/v1/delete-course/${courseId}`, { as: tutor })).status).toBe(200);
    const admin = await stack.login('admin', 'admin-test-password');
    expect((await stack.call('DELETE', `/api/v1/delete-user/${student._id}`, { as: admin })).status).toBe(
      200,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    const shown = await stack.call<Certificate>('GET', `/api/v1/certificates/${certificateId}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ studentName: student.username, courseTitle: 'Finishing Strong' });
  });
});

describe('progress from what the server knows', () => {
  it('waits for a hosted video to be probed before counting it', async () => {
    const { courseId, items } = await newCourse('Not ready yet', [
      [videoItem('Unprobed', hostedBy(new ObjectId().toHexString()))],
    ]);
    const student = await buyer(courseId, 'early');
    const early = await report(student, courseId, items[0]!._id, {
      positionSec: 5,
      durationSec: 60,
      watchedRanges: [[0, 5]],
    });
    expect(early).toMatchObject({
      status: 409,
      body: { message: 'This video is still being prepared; please try again in a moment' },
    });
  });

  it('a forged 86,400-second report earns no more than could have been played, and no certificate', async () => {
    const videoId = await readyVideo(600);
    const { courseId, items } = await newCourse('Forged hours', [
      [videoItem('Ten minutes', hostedBy(videoId))],
    ]);
    const student = await buyer(courseId, 'forger');
    const forged = { positionSec: 86_400, durationSec: 86_400, watchedRanges: [[0, 86_400]] };
    const started = performance.now();
    for (let i = 0; i < 5; i += 1) {
      const answer = await report(student, courseId, items[0]!._id, forged);
      expect(answer.status).toBe(200);
      expect(answer.body.items[0]).toMatchObject({ completed: false, positionSec: 600 });
    }
    const doc = await stack.services
      .catalog!.app.db.collection('progress')
      .findOne({ _id: `${student._id}:${courseId}` as never });
    const kept = (doc?.items ?? {}) as Record<string, { watched: [number, number][]; durationSec: number }>;
    const item0 = kept[items[0]!._id]!;
    // The first report may add what 15 s play at twice the speed (+10%), 33 s; the next ones only
    // what plays at that speed in the time between them, a fraction of a second each.
    const between = (performance.now() - started) / 1000;
    const seconds = item0.watched.reduce((sum, [a, b]) => sum + (b - a), 0);
    expect(seconds).toBeLessThanOrEqual(33 + between * 2 * 1.1);
    expect(seconds).toBeLessThan(60);
    expect(item0.durationSec).toBe(600);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await certificatesOf(student)).toEqual([]);
  });

  it('lets the tutor and the admin go through their course without a certificate', async () => {
    const { courseId, items } = await newCourse('Own course', [
      [videoItem('Short one', hostedBy(await readyVideo(20)))],
    ]);
    const admin = await stack.login('admin', 'admin-test-password');
    for (const who of [tutor, admin]) {
      const answer = await report(who, courseId, items[0]!._id, {
        positionSec: 20,
        durationSec: 20,
        watchedRanges: [[0, 20]],
      });
      expect(answer.body).toMatchObject({ percent: 100, completedItems: 1 });
    }
    // A student finishing the same way gets one, so the event path is working.
    const student = await buyer(courseId, 'realstudent');
    await report(student, courseId, items[0]!._id, {
      positionSec: 20,
      durationSec: 20,
      watchedRanges: [[0, 20]],
    });
    await eventually(async () => ((await certificatesOf(student)).length === 1 ? true : undefined));
    expect(await certificatesOf(tutor)).toEqual([]);
    expect(await certificatesOf(admin)).toEqual([]);
  });

  it("shows each hosted lecture's measured length on the public page, and the instructor with their totals", async () => {
    const teacher = await stack.newUser('measured');
    await stack.services
      .identity!.app.db.collection('users')
      .updateOne({ _id: new ObjectId(teacher._id) }, { $set: { role: 'tutor' } });
    const bio = await stack.call('PUT', '/api/v1/update-user-desc', {
      as: teacher,
      body: { desc: 'Ten years of teaching' },
    });
    expect(bio.status).toBe(200);
    const courseId = await createCourse(
      stack,
      teacher,
      finishing('Measured Course', [
        [videoItem('Intro', hostedBy(await readyVideo(65))), videoItem('Link only')],
        [videoItem('Deep dive', hostedBy(await readyVideo(3725)))],
      ]),
    );
    await buyer(courseId, 'measuring');
    await buyer(courseId, 'measuring');

    type Details = ResponseOf<'/api/v1/get-course-details/{id}', 'get'>;
    const page = await eventually(async () => {
      const read = await stack.call<Details>('GET', `/api/v1/get-course-details/${courseId}`);
      return read.body.instructor?.students === 2 && read.body.instructor.desc !== '' ? read.body : undefined;
    });
    expect(
      page.courseContent.map((section) => section.map((it) => [it.videoTitle, it.durationSec ?? null])),
    ).toEqual([
      [
        ['Intro', 65],
        ['Link only', null],
      ],
      [['Deep dive', 3725]],
    ]);
    // Public all the same: no links or descriptions.
    expect(JSON.stringify(page.courseContent)).not.toContain('videos.example.com');
    expect(page.instructor).toEqual({
      _id: teacher._id,
      username: teacher.username,
      avatar: '',
      desc: 'Ten years of teaching',
      courses: 1,
      students: 2,
      ratingAverage: 0,
      ratingCount: 0,
    });
  });
});
