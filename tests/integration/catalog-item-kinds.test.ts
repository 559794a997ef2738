import type { AddressInfo } from 'node:net';
import type { CourseDetails, LearnCourse, ResponseOf } from '@liveedu/api-client';
import { catalogService } from '@liveedu/catalog';
import {
  CATALOG_COURSE_COMPLETED,
  CATALOG_INTERNAL,
  CATALOG_PROGRESS_RECORDED,
  LEARNING_ITEM_PASSED,
} from '@liveedu/contracts';
import { identityService } from '@liveedu/identity';
import { internalClient, newEvent, type Service } from '@liveedu/service-kit';
import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countPublished } from '../support/events.ts';
import {
  articleItem,
  assignmentItem,
  courseData,
  courseForm,
  courseForUpdate,
  courseWithItems,
  createCourse,
  enrollByPayment,
  enrolledStudent,
  newTutor,
  publishItemPassed,
  publishRequirementChanged,
  publishVideoReady,
  quizItem,
  readOk,
  videoItem,
} from '../support/flows.ts';
import { eventually, type Session, startTestStack, type TestStack } from '../support/stack.ts';

type Progress = ResponseOf<'/api/v1/progress/{courseId}', 'get'>;
type Analytics = ResponseOf<'/api/v1/course-analytics/{courseId}', 'get'>;

let stack: TestStack;
let tutor: Session;
let admin: Session;

const create = (data: Record<string, unknown>) =>
  stack.call<{ message: string; _id: string }>('POST', '/api/v1/create-course', {
    as: tutor,
    raw: courseForm(courseData(data)),
  });

const markDone = (as: Session, courseId: string, itemId: string) =>
  stack.call<Progress>('PUT', `/api/v1/progress/${courseId}/${itemId}`, { as, body: { completed: true } });

const progressOf = (as: Session, courseId: string) =>
  readOk<Progress>(stack, `/api/v1/progress/${courseId}`, as);

const learn = (as: Session, courseId: string) =>
  readOk<LearnCourse>(stack, `/api/v1/learn-course/${courseId}/user/${as._id}`, as);

const passed = (student: Session, courseId: string, itemId: string, extra: { id?: string } = {}) =>
  publishItemPassed(stack.services.catalog, { studentId: student._id, courseId, itemId }, extra);

async function certificatesOf(student: Session, courseId: string) {
  const list = await readOk<Array<{ courseId: string }>>(stack, '/api/v1/certificates', student);
  return list.filter((c) => c.courseId === courseId);
}

/** Waits until the catalog keeps a requirement for the item, at `version`. */
async function required(courseId: string, itemId: string, value: boolean, version = 1) {
  await publishRequirementChanged(stack.services.catalog, { courseId, itemId, required: value, version });
  const kept = stack.services.catalog!.app.db.collection('item_requirements');
  await eventually(async () =>
    (await kept.findOne({ _id: `${courseId}:${itemId}` as never }))?.version === version ? true : undefined,
  );
}

/** How many events of `type` the catalog's stream holds whose data match `data`. */
const publishedEvents = (type: string, data: Record<string, unknown>) =>
  countPublished(stack.services.catalog, 'catalog', type, data);

/** Any second certificate or event would have arrived by now. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 700));

/** The catalog's internal calls, as the learning service makes them. */
function catalogClient() {
  const callee = stack.services.catalog as Service;
  const { port } = callee.app.server.address() as AddressInfo;
  return internalClient(CATALOG_INTERNAL, {
    service: 'catalog',
    caller: 'learning',
    baseUrl: `http://127.0.0.1:${port}`,
    internalSecret: callee.config.internalSecret,
  });
}

beforeAll(async () => {
  stack = await startTestStack({ services: { identity: identityService, catalog: catalogService } });
  tutor = await newTutor(stack, 'kinds');
  admin = await stack.login('admin', 'admin-test-password');
}, 60_000);

afterAll(() => stack?.close());

/** A course of an article and a required quiz, and a new student of it who has read the article. */
async function articleReadBeforeQuiz(prefix: string) {
  const { courseId, itemIds } = await courseWithItems(stack, tutor, [articleItem('Read'), quizItem('Check')]);
  const [reading, check] = itemIds as [string, string];
  await required(courseId, check, true);
  const student = await enrolledStudent(stack, tutor, courseId, prefix);
  await markDone(student, courseId, reading);
  return { courseId, check, student };
}

/** The course's completion and the quiz's were each published once, whatever was told twice. */
async function completedOnce(student: Session, courseId: string, check: string) {
  const mine = { studentId: student._id, courseId };
  expect(await publishedEvents(CATALOG_COURSE_COMPLETED, mine)).toBe(1);
  expect(await publishedEvents(CATALOG_PROGRESS_RECORDED, { ...mine, itemId: check, completed: true })).toBe(
    1,
  );
}

describe('item kinds', () => {
  it('keeps each kind, and shows an article only to those who may learn it or as a free preview', async () => {
    const { courseId, itemIds } = await courseWithItems(stack, tutor, [
      videoItem('Welcome'),
      articleItem('Read first', '# Members only\n\nThe private text.'),
      articleItem('Taster', '# Free\n\nAnyone may read this.', { preview: true }),
      {
        ...quizItem('Check'),
        videoLink: 'https://videos.example.com/dropped.mp4',
        videoDesc: 'Ten questions',
      },
      assignmentItem('Hand in'),
    ]);
    const [welcome, reading, taster, check, task] = itemIds as [string, string, string, string, string];

    const edit = await courseForUpdate(stack, courseId, tutor);
    expect(edit.sequential).toBe(false);
    expect(edit.courseContent[0]).toEqual([
      expect.objectContaining({ _id: welcome, kind: 'video', videoLink: expect.stringMatching(/Welcome/) }),
      {
        _id: reading,
        kind: 'article',
        sectionTitle: 'Lessons',
        videoTitle: 'Read first',
        videoDesc: '',
        videoLink: '',
        body: '# Members only\n\nThe private text.',
      },
      expect.objectContaining({ _id: taster, kind: 'article', preview: true, body: expect.any(String) }),
      {
        _id: check,
        kind: 'quiz',
        sectionTitle: 'Checks',
        videoTitle: 'Check',
        videoDesc: 'Ten questions',
        videoLink: '',
      },
      expect.objectContaining({ _id: task, kind: 'assignment', videoDesc: '', videoLink: '' }),
    ]);

    // Stored as the kinds say: a video with no kind field, the others with no link.
    const stored = await stack.services
      .catalog!.app.db.collection('courses')
      .findOne({ _id: new ObjectId(courseId) });
    const items = stored?.sections[0].items as Array<Record<string, unknown>>;
    expect(items[0]).not.toHaveProperty('kind');
    expect(items[1]).not.toHaveProperty('videoLink');
    expect(items[3]).toMatchObject({ kind: 'quiz' });
    expect(items[3]).not.toHaveProperty('videoLink');

    const page = await readOk<CourseDetails>(stack, `/api/v1/get-course-details/${courseId}`);
    expect(page.courseContent[0]?.map((item) => item.kind)).toEqual([
      'video',
      'article',
      'article',
      'quiz',
      'assignment',
    ]);
    expect(page.courseContent[0]?.[2]).toMatchObject({
      preview: true,
      body: '# Free\n\nAnyone may read this.',
    });
    expect(page.courseContent[0]?.[1]).not.toHaveProperty('body');
    expect(JSON.stringify(page)).not.toContain('The private text');
    expect(page).not.toHaveProperty('sequential');

    const student = await enrolledStudent(stack, tutor, courseId);
    const course = await learn(student, courseId);
    expect(course.sequential).toBe(false);
    expect(course.courseContent[0]?.[1]).toMatchObject({
      kind: 'article',
      body: '# Members only\n\nThe private text.',
    });
    expect(course.courseContent.flat().some((item) => item.locked)).toBe(false);

    // An edit keeps the ids, whatever changes in the items.
    const changed = edit.courseContent[0]!.map((item) =>
      item._id === reading ? { ...item, body: '# Members only\n\nRevised.' } : item,
    );
    const saved = await stack.call('PUT', `/api/v1/update-course/${courseId}`, {
      as: tutor,
      raw: courseForm(courseData({ courseContent: [changed], sequential: true }), null),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = await courseForUpdate(stack, courseId, tutor);
    expect(after.sequential).toBe(true);
    expect(after.courseContent.flat().map((item) => item._id)).toEqual(itemIds);
    expect(after.courseContent[0]?.[1]?.body).toBe('# Members only\n\nRevised.');
  });

  it("keeps the spec's client working: items sent without a kind are videos", async () => {
    const courseId = await createCourse(stack, tutor, { title: 'No kinds at all' });
    const edit = await courseForUpdate(stack, courseId, tutor);
    expect(edit.courseContent.flat().map((item) => item.kind)).toEqual(['video', 'video', 'video']);
    expect(edit.sequential).toBe(false);
    const stored = await stack.services
      .catalog!.app.db.collection('courses')
      .findOne({ _id: new ObjectId(courseId) });
    expect(
      stored?.sections.flatMap((s: { items: object[] }) => s.items).some((i: object) => 'kind' in i),
    ).toBe(false);
    const student = await enrolledStudent(stack, tutor, courseId, 'speclient');
    const done = await markDone(student, courseId, edit.courseContent[0]![0]!._id);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ percent: 33, completedItems: 1 });
  });

  it('refuses an article without text or over 50,000 characters, an unknown kind, and a preview of a quiz', async () => {
    const refused = async (items: unknown[], message: string) => {
      const answer = await create({ courseContent: [items] });
      expect(answer.status, JSON.stringify(items).slice(0, 200)).toBe(400);
      expect(answer.body).toEqual({ message });
    };
    await refused([articleItem('Empty', '  \n ')], 'All fields are required');
    await refused([{ ...articleItem('Missing'), body: undefined }], 'All fields are required');
    await refused(
      [articleItem('Too long', 'x'.repeat(50_001))],
      'An article may be at most 50,000 characters',
    );
    await refused(
      [{ ...videoItem('Odd'), kind: 'podcast' }],
      'Kind must be one of video, article, quiz, assignment',
    );
    await refused(
      [{ ...quizItem('Free quiz'), preview: true }],
      'Only a video or an article can be a free preview',
    );
    await refused(
      [{ ...assignmentItem('Free task'), preview: true }],
      'Only a video or an article can be a free preview',
    );
    await refused([{ kind: 'quiz', sectionTitle: 'Checks' }], 'All fields are required');
    const sequentialWrong = await create({ sequential: 'yes' });
    expect(sequentialWrong).toMatchObject({
      status: 400,
      body: { message: 'Sequential must be true or false' },
    });
    // Exactly the limit is kept, in full.
    const longest = 'y'.repeat(50_000);
    const { courseId } = await courseWithItems(stack, tutor, [articleItem('Long read', longest)]);
    expect((await courseForUpdate(stack, courseId, tutor)).courseContent[0]?.[0]?.body).toBe(longest);
  });

  it('keeps a course of many long articles', async () => {
    const long = 'z'.repeat(45_000);
    const items = Array.from({ length: 8 }, (_, i) => articleItem(`Chapter ${i + 1}`, long));
    const { itemIds } = await courseWithItems(stack, tutor, items);
    expect(itemIds).toHaveLength(8);
  });
});

describe('completing items by their kind', () => {
  it('marks an article done; a quiz or an assignment only by passing it', async () => {
    const { courseId, itemIds } = await courseWithItems(stack, tutor, [
      articleItem('Read'),
      quizItem('Check'),
      assignmentItem('Task'),
    ]);
    const [reading, check, task] = itemIds as [string, string, string];
    const student = await enrolledStudent(stack, tutor, courseId, 'kinds');
    const read = await markDone(student, courseId, reading);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.items[0]).toMatchObject({ itemId: reading, completed: true });
    expect(await markDone(student, courseId, check)).toMatchObject({
      status: 400,
      body: { message: 'A quiz is completed by passing it' },
    });
    expect(await markDone(student, courseId, task)).toMatchObject({
      status: 400,
      body: { message: 'An assignment is completed when it is graded as a pass' },
    });
    const played = await stack.call('PUT', `/api/v1/progress/${courseId}/${check}`, {
      as: student,
      body: { positionSec: 10, durationSec: 10, watchedRanges: [[0, 10]], completed: true },
    });
    expect(played.status).toBe(400);
    // Nothing is played of an article: only marking it done completes it.
    const scrolled = await stack.call('PUT', `/api/v1/progress/${courseId}/${reading}`, {
      as: student,
      body: { positionSec: 10, durationSec: 10, watchedRanges: [[0, 10]] },
    });
    expect(scrolled).toMatchObject({
      status: 400,
      body: { message: 'An article is completed by marking it as done' },
    });
    expect((await progressOf(student, courseId)).items.map((item) => item.completed)).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('completes an item its student passed, and issues one certificate for two passes at once', async () => {
    const { courseId, check, student } = await articleReadBeforeQuiz('passer');
    await settle();
    expect(await certificatesOf(student, courseId)).toEqual([]);
    expect((await progressOf(student, courseId)).percent).toBe(50);

    // Two passes of the same item, told at once (two attempts passed together, a retry).
    await Promise.all([passed(student, courseId, check), passed(student, courseId, check)]);
    const progress = await eventually(async () => {
      const now = await progressOf(student, courseId);
      return now.percent === 100 ? now : undefined;
    });
    expect(progress.items[1]).toMatchObject({ itemId: check, completed: true });
    const issued = await eventually(async () => {
      const mine = await certificatesOf(student, courseId);
      return mine.length > 0 ? mine : undefined;
    });
    // Told again later, and the same event delivered again: nothing more.
    const again = await passed(student, courseId, check);
    await passed(student, courseId, check, { id: again.id });
    await settle();
    expect(await certificatesOf(student, courseId)).toEqual(issued);
    expect(issued).toHaveLength(1);
    await completedOnce(student, courseId, check);
    // The item's completion was counted once for the tutor's analytics.
    const analytics = await eventually(async () => {
      const answer = await readOk<Analytics>(stack, `/api/v1/course-analytics/${courseId}`, tutor);
      return answer.items[1]?.completed === 1 ? answer : undefined;
    });
    await settle();
    expect((await readOk<Analytics>(stack, `/api/v1/course-analytics/${courseId}`, tutor)).items).toEqual(
      analytics.items,
    );
  });

  it('finishes the course once when passes of one item are handled at the same instant, as on two replicas', async () => {
    const { courseId, check, student } = await articleReadBeforeQuiz('racer');
    // The catalog's own consumer of passes, run at once for two passes of the item and for one of
    // them again (a redelivery after a crash that fell before its delivery was recorded).
    const catalog = stack.services.catalog as Service;
    const handler = catalogService.handlers?.find((h) => h.event === LEARNING_ITEM_PASSED);
    if (!handler) throw new Error('the catalog does not consume learning.item.passed');
    const ctx = {
      db: catalog.app.db,
      config: catalog.config,
      log: catalog.app.log,
      outbox: catalog.app.outbox,
    };
    const data = { studentId: student._id, courseId, itemId: check, by: 'quiz' as const };
    const first = newEvent(LEARNING_ITEM_PASSED, { ...data, passedAt: new Date().toISOString() });
    const second = newEvent(LEARNING_ITEM_PASSED, { ...data, passedAt: new Date().toISOString() });
    await Promise.all([first, second, first].map((event) => handler.handle(event, ctx)));
    expect((await progressOf(student, courseId)).percent).toBe(100);
    await eventually(async () => ((await certificatesOf(student, courseId)).length > 0 ? true : undefined));
    await settle();
    await completedOnce(student, courseId, check);
    expect(await certificatesOf(student, courseId)).toHaveLength(1);
  });

  it('holds the certificate for a required in-video quiz until it is passed', async () => {
    const { courseId, itemIds } = await courseWithItems(stack, tutor, [videoItem('Lecture with questions')]);
    const lecture = itemIds[0] as string;
    await required(courseId, lecture, true);
    const student = await enrolledStudent(stack, tutor, courseId, 'invideo');
    const watched = await markDone(student, courseId, lecture);
    expect(watched.body).toMatchObject({ percent: 0, completedItems: 0 });
    await settle();
    expect(await certificatesOf(student, courseId)).toEqual([]);
    await passed(student, courseId, lecture);
    await eventually(async () => ((await certificatesOf(student, courseId)).length === 1 ? true : undefined));
    expect((await progressOf(student, courseId)).items[0]).toMatchObject({ completed: true });
  });

  it('keeps the newest requirement: an older or repeated save changes nothing', async () => {
    const { courseId, itemIds } = await courseWithItems(stack, tutor, [
      videoItem('Lecture'),
      quizItem('Optional check'),
    ]);
    const [lecture, check] = itemIds as [string, string];
    await required(courseId, lecture, true, 1);
    await required(courseId, lecture, false, 3);
    await publishRequirementChanged(stack.services.catalog, {
      courseId,
      itemId: lecture,
      required: true,
      version: 2,
    });
    await publishRequirementChanged(stack.services.catalog, {
      courseId,
      itemId: lecture,
      required: true,
      version: 3,
    });
    await settle();
    const kept = await stack.services
      .catalog!.app.db.collection('item_requirements')
      .findOne({ _id: `${courseId}:${lecture}` as never });
    expect(kept).toMatchObject({ courseId, itemId: lecture, required: false, version: 3 });

    // So the lecture needs only watching, and the quiz nobody requires does not hold the certificate.
    const student = await enrolledStudent(stack, tutor, courseId, 'optional');
    const done = await markDone(student, courseId, lecture);
    expect(done.body).toMatchObject({ percent: 50, completedItems: 1 });
    await eventually(async () => ((await certificatesOf(student, courseId)).length === 1 ? true : undefined));
    expect((await progressOf(student, courseId)).items[1]).toMatchObject({ itemId: check, completed: false });
  });

  it('lets a non-required quiz item leave the certificate to the other items', async () => {
    const { courseId, itemIds } = await courseWithItems(stack, tutor, [
      articleItem('Read'),
      quizItem('Practice'),
    ]);
    const [reading, practice] = itemIds as [string, string];
    await required(courseId, practice, false);
    const student = await enrolledStudent(stack, tutor, courseId, 'practice');
    await markDone(student, courseId, reading);
    await eventually(async () => ((await certificatesOf(student, courseId)).length === 1 ? true : undefined));
    // Passing it afterwards still completes it, and issues nothing more.
    await passed(student, courseId, practice);
    await eventually(async () => ((await progressOf(student, courseId)).percent === 100 ? true : undefined));
    await settle();
    expect(await certificatesOf(student, courseId)).toHaveLength(1);
  });
});

describe('a sequential course', () => {
  it('opens each item for a student once the one before it is completed, never locking its tutor or the admin', async () => {
    const hosted = new ObjectId().toHexString();
    await publishVideoReady(stack.services.catalog, { videoId: hosted, durationSec: 20 });
    const { courseId, itemIds } = await courseWithItems(
      stack,
      tutor,
      [
        articleItem('Start here', '# Start\n\nOpen to all students.'),
        videoItem('Hosted lecture', { videoId: hosted, videoLink: '' }),
        articleItem('Then this', '# Secret\n\nKept until the lecture is watched.'),
        quizItem('Final check'),
        videoItem('Last words'),
      ],
      { sequential: true },
    );
    const [start, lecture, then, check, last] = itemIds as [string, string, string, string, string];
    const student = await enrolledStudent(stack, tutor, courseId, 'inorder');

    const first = await learn(student, courseId);
    expect(first.sequential).toBe(true);
    const shown = first.courseContent[0]!;
    expect(shown.map((item) => item.locked ?? false)).toEqual([false, true, true, true, true]);
    expect(shown[0]?.body).toContain('Open to all students');
    expect(shown[1]).toEqual({
      _id: lecture,
      kind: 'video',
      sectionTitle: 'Lessons',
      videoTitle: 'Hosted lecture',
      videoDesc: 'About Hosted lecture',
      videoLink: '',
      locked: true,
    });
    expect(shown[2]).not.toHaveProperty('body');
    expect(shown[4]?.videoLink).toBe('');
    expect(JSON.stringify(first)).not.toContain('Kept until');

    const early = await markDone(student, courseId, then);
    expect(early).toMatchObject({ status: 403, body: { message: 'Finish the previous item first' } });
    const earlyWatch = await stack.call('PUT', `/api/v1/progress/${courseId}/${lecture}`, {
      as: student,
      body: { positionSec: 5, durationSec: 20, watchedRanges: [[0, 5]] },
    });
    expect(earlyWatch.status).toBe(403);

    // The media service's playback check: locked in every course of the student's that plays it.
    const catalog = catalogClient();
    const mayPlay = async (who: Session) => {
      const answer = await catalog.call(
        'videoViewer',
        { params: { videoId: hosted, userId: who._id }, query: { tutorId: tutor._id } },
        'r',
      );
      if (!answer.ok) throw new Error(answer.message);
      return answer.body.allowed;
    };
    expect(await mayPlay(student)).toBe(false);
    // A student of another course of the tutor's that plays it unlocked may play it.
    const { courseId: open } = await courseWithItems(stack, tutor, [
      videoItem('Same lecture', { videoId: hosted, videoLink: '' }),
    ]);
    const twoCourses = await enrolledStudent(stack, tutor, courseId, 'twocourses');
    expect(await mayPlay(twoCourses)).toBe(false);
    await enrollByPayment(stack, tutor, open, twoCourses);
    expect(await mayPlay(twoCourses)).toBe(true);

    // Its tutor and the admin go anywhere.
    for (const who of [tutor, admin]) {
      const theirs = await learn(who, courseId);
      expect(theirs.courseContent.flat().some((item) => item.locked)).toBe(false);
      expect(theirs.courseContent[0]?.[2]?.body).toContain('Kept until');
      expect((await markDone(who, courseId, then)).status).toBe(200);
    }

    expect((await markDone(student, courseId, start)).status).toBe(200);
    const second = await learn(student, courseId);
    expect(second.courseContent[0]!.map((item) => item.locked ?? false)).toEqual([
      false,
      false,
      true,
      true,
      true,
    ]);
    expect(second.courseContent[0]?.[1]?.videoId).toBe(hosted);
    expect(await mayPlay(student)).toBe(true);

    const watched = await stack.call<Progress>('PUT', `/api/v1/progress/${courseId}/${lecture}`, {
      as: student,
      body: { positionSec: 20, durationSec: 20, watchedRanges: [[0, 20]] },
    });
    expect(watched.body.items[1]).toMatchObject({ completed: true });
    expect((await learn(student, courseId)).courseContent[0]?.[2]?.body).toContain('Kept until');
    expect((await markDone(student, courseId, then)).status).toBe(200);
    // The quiz opens, and the item after it waits for its pass.
    expect((await markDone(student, courseId, last)).status).toBe(403);
    await passed(student, courseId, check);
    await eventually(async () => {
      const course = await learn(student, courseId);
      return course.courseContent[0]?.[4]?.locked ? undefined : course;
    });
    expect((await markDone(student, courseId, last)).status).toBe(200);
  });
});

describe("the learning service's question about an item", () => {
  it('says how the user may use it, what it is and whether it is still locked for them', async () => {
    const { courseId, itemIds } = await courseWithItems(
      stack,
      tutor,
      [articleItem('Before'), quizItem('After')],
      {
        sequential: true,
        title: 'Asked about',
      },
    );
    const [before, after] = itemIds as [string, string];
    const student = await enrolledStudent(stack, tutor, courseId, 'asked');
    const stranger = await stack.newUser('notbought');
    const catalog = catalogClient();
    const ask = (itemId: string, userId: string, role: 'student' | 'tutor' | 'admin' = 'student') =>
      catalog.call('learnerItem', { params: { courseId, itemId, userId }, query: { role } }, 'r');

    const common = { tutorId: tutor._id, courseTitle: 'Asked about' };
    expect(await ask(after, student._id)).toEqual({
      ok: true,
      body: { ...common, access: 'student', itemTitle: 'After', kind: 'quiz', locked: true },
    });
    expect(await ask(before, student._id)).toEqual({
      ok: true,
      body: { ...common, access: 'student', itemTitle: 'Before', kind: 'article', locked: false },
    });
    expect(await ask(after, tutor._id, 'tutor')).toMatchObject({
      ok: true,
      body: { access: 'tutor', locked: false },
    });
    expect(await ask(after, admin._id, 'admin')).toMatchObject({
      ok: true,
      body: { access: 'admin', locked: false },
    });
    expect(await ask(after, stranger._id)).toMatchObject({
      ok: true,
      body: { access: 'none', locked: false },
    });

    await markDone(student, courseId, before);
    expect(await ask(after, student._id)).toMatchObject({
      ok: true,
      body: { access: 'student', locked: false },
    });

    const unknownItem = await ask(new ObjectId().toHexString(), student._id);
    expect(unknownItem).toMatchObject({ ok: false, status: 404 });
    const unknownCourse = await catalog.call(
      'learnerItem',
      {
        params: { courseId: new ObjectId().toHexString(), itemId: after, userId: student._id },
        query: { role: 'student' },
      },
      'r',
    );
    expect(unknownCourse).toEqual({ ok: false, status: 404, message: 'Course not found' });

    // A deleted course stays its students' (and its tutor's); to anyone else it is gone.
    expect((await stack.call('DELETE', `/api/v1/delete-course/${courseId}`, { as: tutor })).status).toBe(200);
    expect(await ask(after, student._id)).toMatchObject({ ok: true, body: { access: 'student' } });
    expect(await ask(after, tutor._id, 'tutor')).toMatchObject({ ok: true, body: { access: 'tutor' } });
    expect(await ask(after, stranger._id)).toEqual({ ok: false, status: 404, message: 'Course not found' });
  });
});
