/**
 * Course conversation at size: one course's questions listed (newest, top, unanswered, one
 * lesson's) with `mode.questions` questions in it, and one announcement told to
 * `mode.announcementStudents` enrolled students, from the tutor's post until every student has
 * the notification.
 */
import { itemIdFor, ROSTERS, rosterKey, rosterPart } from '@liveedu/catalog';
import { MongoClient } from 'mongodb';
import type { BenchContext, People } from '../context.ts';
import { BENCH_PASSWORD, course as courseDoc, courseTutorIndex, oid, student, tutor } from '../data.ts';
import { call, logIn } from '../http.ts';
import { type Cell, notTaken, type Row, type Section } from '../report.ts';
import { seedQuestions } from './conversation-data.ts';

/** The course the conversation figures use: the first of the data set (its first students bought it). */
const COURSE_INDEX = 0;
const FAN_OUT_LIMIT_MS = 60_000;

export async function conversation(ctx: BenchContext, people: People): Promise<Section> {
  const { mode, log, gw, figures } = ctx;
  log(
    `» conversation: ${mode.questions} questions in one course, an announcement to ${mode.announcementStudents} students …`,
  );
  const course = courseDoc(mode.seed, mode.size, people.categories, COURSE_INDEX);
  const courseId = course._id.toHexString();
  const client = new MongoClient(ctx.platform.env.MONGO_URL as string);
  const rows: Row[] = [];
  try {
    const itemIds = course.sections.flatMap((section, s) =>
      section.items.map((item, i) => item._id ?? itemIdFor(courseId, s, i)),
    );
    const seeded = await ctx.timed('questions seeding s', () =>
      seedQuestions(client.db('community'), {
        seed: mode.seed,
        courseId,
        tutorId: course.tutorId,
        itemIds,
        count: mode.questions,
        askers: Math.min(mode.size.students, 5_000),
      }),
    );
    ctx.dataSet['questions in one course'] = seeded;

    // The course's first student bought it (courseEnrollments): they read its questions.
    const reader = await logIn(gw, student(mode.seed, 0).username, BENCH_PASSWORD);
    const list = (query: string) => `${gw}/api/v1/courses/${courseId}/questions${query}`;
    const first = performance.now();
    const opened = await call(gw, 'GET', `/api/v1/courses/${courseId}/questions?sort=newest`, { as: reader });
    const firstMs = performance.now() - first;
    rows.push({
      name: 'first list of the course (loads it)',
      cells: {
        'req/s': notTaken('one request'),
        p50: opened.status === 200 ? { median: firstMs, unit: 'ms' } : notTaken(`answered ${opened.status}`),
        p99: notTaken('one request'),
      },
    });
    for (const [name, query] of [
      ['questions, newest', '?sort=newest'],
      ['questions, top', '?sort=top&page=3'],
      ['questions, unanswered', '?sort=unanswered'],
      ["one lesson's questions", `?itemId=${itemIds[1] ?? itemIds[0]}&sort=newest`],
      ['similar questions (q=)', '?q=rend'],
    ] as const) {
      log(`  ${name}`);
      const run = await figures.measure({ url: list(query), headers: reader.headers });
      const cells = figures.cellsOf(run, { 'req/s': 'rps', p50: 'p50', p99: 'p99' });
      cells.p99 = figures.judged(cells.p99, (v) => v <= 50, '≤ 50 ms');
      rows.push({ name, cells });
    }

    rows.push(await announcementFanOut(ctx, client, courseId, course.tutorId));
  } finally {
    await client.close().catch(() => {});
  }
  return {
    id: 'conversation',
    title: 'Course conversation',
    about: `one course with ${mode.questions} questions (of ${Math.min(mode.size.students, 5_000)} students, over its lessons, a third answered), listed through the gateway by an enrolled student at concurrency ${mode.concurrency} (20 a page); then the course's tutor posts an announcement through the gateway to ${mode.announcementStudents} enrolled students, timed until the last student's notification is stored`,
    columns: ['req/s', 'p50', 'p99'],
    rows,
  };
}

/** Enrolls the students straight in the catalog's database, posts, and waits for every notification. */
async function announcementFanOut(
  ctx: BenchContext,
  client: MongoClient,
  courseId: string,
  tutorId: string,
): Promise<Row> {
  const { mode, gw, log } = ctx;
  const students = Array.from({ length: mode.announcementStudents }, (_, i) =>
    i < mode.size.students
      ? student(mode.seed, i)._id.toHexString()
      : oid('extra', 1_000_000 + i).toHexString(),
  );
  const enrolledAt = new Date();
  const catalog = client.db('catalog');
  const enrollments = catalog.collection<{ _id: string }>('enrollments');
  for (let at = 0; at < students.length; at += 1_000) {
    await enrollments.bulkWrite(
      students.slice(at, at + 1_000).map((studentId) => ({
        updateOne: {
          filter: { _id: `${studentId}:${courseId}` },
          update: { $setOnInsert: { studentId, courseId, enrolledAt, counted: true } },
          upsert: true,
        },
      })),
      { ordered: false },
    );
  }
  // …and on the course's roster, each part adding the students it does not hold yet.
  const parts = new Map<string, string[]>();
  for (const studentId of students) {
    const key = rosterKey(courseId, rosterPart(studentId));
    const part = parts.get(key);
    if (part) part.push(studentId);
    else parts.set(key, [studentId]);
  }
  const rosters = catalog.collection<{ _id: string; ids: string[]; count: number }>(ROSTERS);
  for (const [key, ids] of parts) {
    const held = new Set((await rosters.findOne({ _id: key }))?.ids ?? []);
    const added = ids.filter((id) => !held.has(id));
    await rosters.updateOne(
      { _id: key },
      { $push: { ids: { $each: added, $position: 0 } }, $inc: { count: added.length } },
      { upsert: true },
    );
  }
  const teacher = tutor(mode.seed, courseTutorIndex(mode.size, COURSE_INDEX));
  if (teacher._id.toHexString() !== tutorId) throw new Error('the course is not its tutor index’s');
  const session = await logIn(gw, teacher.username, BENCH_PASSWORD);
  const notifications = client.db('notifications').collection('notifications');
  const told = () =>
    notifications.countDocuments({ kind: 'announcement', link: { $regex: `^/learn/${courseId}/` } });
  const before = await told();
  log(`  announcement to ${students.length} students`);
  const started = performance.now();
  const posted = await call(gw, 'POST', `/api/v1/courses/${courseId}/announcements`, {
    as: session,
    body: {
      title: 'A live revision class on Saturday',
      body: 'Bring your questions about the last section.',
    },
  });
  if (posted.status !== 201) {
    return {
      name: 'announcement to every student',
      cells: { p50: notTaken(`the post answered ${posted.status}`) },
    };
  }
  let count = before;
  while (count - before < students.length && performance.now() - started < FAN_OUT_LIMIT_MS) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    count = await told();
  }
  const tookMs = performance.now() - started;
  const reached = count - before;
  const cell: Cell =
    reached < students.length
      ? notTaken(`${reached} of ${students.length} students told after ${Math.round(tookMs / 1000)} s`)
      : ctx.figures.judged({ median: tookMs / 1000, unit: 's' }, (v) => v <= 10, '≤ 10 s');
  return {
    name: `announcement to ${students.length} students (post → last notification stored)`,
    cells: { 'req/s': notTaken('one announcement'), p50: cell, p99: notTaken('one announcement') },
  };
}
