/**
 * The less visible corners of an application security review, checked against the real
 * platform: a deleted user's token dies within a second on every gateway, ids cannot be probed
 * for what exists behind another user's private resources, uploads are judged by their bytes,
 * every answer carries the security headers, and no answer sets a cookie.
 */

import { randomBytes } from 'node:crypto';
import { imageVariants, isOriginalImage } from '@liveedu/contracts';
import { buildGateway, type RouteEntry, routeTable } from '@liveedu/gateway';
import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkout,
  courseData,
  courseDetails,
  courseForm,
  courseForUpdate,
  createCourse,
  daysAgo,
  newTutor,
  PAST_THE_HOLD_DAYS,
  payAndReturn,
  publishPaymentSucceeded,
  readOk,
} from '../support/flows.ts';
import { secondReplica } from '../support/gateways.ts';
import { formWith, isPng, JPEG, PNG } from '../support/identity-fixtures.ts';
import { ALL_SERVICES } from '../support/platform.ts';
import {
  type ApiResponse,
  type CallOptions,
  callGateway,
  eventually,
  type Session,
  startTestStack,
  type TestStack,
} from '../support/stack.ts';

type Params = Record<string, string>;
type Actor = 'visitor' | 'student' | 'tutor';

let stack: TestStack;
let admin: Session;

/** Every answer any test here received, for the cookie check at the end. */
const seen: Array<{ what: string; headers: Headers }> = [];

/** A call through the stack's gateway (or another one at `base`), recorded for the cookie check. */
async function call(
  method: string,
  path: string,
  opts: CallOptions = {},
  base?: string,
): Promise<ApiResponse> {
  const response = await callGateway(base ?? stack.url, method, path, opts);
  seen.push({ what: `${method} ${path}`, headers: response.headers });
  return response;
}

/** A plain fetch, recorded for the cookie check. */
async function get(url: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, { redirect: 'manual', ...init });
  seen.push({ what: `${init.method ?? 'GET'} ${url}`, headers: response.headers });
  return response;
}

const randomId = () => new ObjectId().toHexString();

/**
 * Calls until `done` holds or `ms` pass since `since`; the last answer and when, after `since`,
 * the call that got it was sent.
 */
async function within(
  ms: number,
  attempt: () => Promise<ApiResponse>,
  done: (response: ApiResponse) => boolean,
  since = Date.now(),
): Promise<{ response: ApiResponse; elapsed: number }> {
  for (;;) {
    const elapsed = Date.now() - since;
    const response = await attempt();
    if (done(response) || elapsed > ms) return { response, elapsed };
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

beforeAll(async () => {
  stack = await startTestStack({
    services: ALL_SERVICES,
    razorpay: true,
    // Nothing is transcoded here; videos only need to exist.
    env: { MEDIA_TRANSCODE_CONCURRENCY: '0' },
  });
  admin = await stack.loginAdmin();
}, 120_000);
afterAll(() => stack?.close());

describe("a deleted user's token", () => {
  let replica: Awaited<ReturnType<typeof buildGateway>>;
  let other: string;
  beforeAll(async () => {
    ({ replica, b: other } = await secondReplica(stack));
  });
  afterAll(() => replica?.close());

  /** One authenticated call per service a student uses. */
  const everyService = [
    '/api/v1/getUserData',
    '/api2/v1/getAll-todos',
    '/api/v1/enrolled-courses',
    '/api/v1/order-history',
    '/api/v1/certificates',
  ];

  it('stops working within a second on every service, through the gateway that forwarded the deletion and through another', async () => {
    const user = await stack.newUser('doomed');
    // Known to both gateways, so each holds the user's access.
    for (const base of [stack.url, other]) {
      for (const path of everyService) {
        const before = await call('GET', path, { as: user }, base);
        expect(before.status, `${base}${path}`).toBe(200);
      }
    }

    const deleted = await call('DELETE', `/api/v1/delete-user/${user._id}`, { as: admin });
    expect(deleted.status).toBe(200);
    const deletedAt = Date.now();
    // The other gateway hears of it from identity's event: refused within a second.
    const { response, elapsed } = await within(
      1000,
      () => call('GET', '/api2/v1/getAll-todos', { as: user }, other),
      (r) => r.status === 401,
      deletedAt,
    );
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: 'Your account no longer exists' });
    expect(elapsed).toBeLessThanOrEqual(1000);
    // The gateway that forwarded the deletion refused it at once; both do on every service.
    for (const base of [stack.url, other]) {
      for (const path of everyService) {
        const refused = await call('GET', path, { as: user }, base);
        expect(refused.status, `${base}${path}`).toBe(401);
        expect(refused.body, `${base}${path}`).toEqual({ message: 'Your account no longer exists' });
      }
    }
    // Writes are refused as well, and logging in again is impossible.
    const write = await call('POST', '/api2/v1/create-todo', { as: user, body: { desc: 'ghost' } }, other);
    expect(write.status).toBe(401);
    const login = await call('POST', '/api/v1/login', {
      body: { username: user.username, password: user.password },
    });
    expect(login.status).toBe(401);
    expect(login.body).toEqual({ message: 'Invalid username or password' });
  });

  it('gives an accepted tutor tutor calls within a second on another gateway', async () => {
    const user = await stack.newUser('promoted');
    const applied = await call('POST', '/api/v1/tutor-request-ytlink', {
      as: user,
      body: { ytLink: `https://youtu.be/${user.username}` },
    });
    expect(applied.status).toBe(201);
    expect((await call('GET', '/api/v1/get-tutors-courses', { as: user }, other)).status).toBe(403);
    const accepted = await call('PUT', '/api/v1/acceptTutorRequest', {
      as: admin,
      body: { option: 'accept', id: user._id },
    });
    expect(accepted.status).toBe(200);
    const { response, elapsed } = await within(
      1000,
      () => call('GET', '/api/v1/get-tutors-courses', { as: user }, other),
      (r) => r.status === 200,
    );
    expect(response.status).toBe(200);
    expect(elapsed).toBeLessThanOrEqual(1000);
  });
});

describe('ids probed through every {id} path', () => {
  /** Owners of what the probing callers try to reach. */
  let ownerTutor: Session;
  let ownerStudent: Session;
  /** Callers who own nothing. */
  let student: Session;
  let tutor: Session;
  /** Another tutor's resources. */
  let listedCourse: string;
  let listedItem: string;
  let deletedCourse: string;
  let deletedItem: string;
  let video: string;
  let todo: string;
  let note: string;
  /** The owner student's question in the listed course, the owner tutor's answer, and its report. */
  let question: string;
  let answer: string;
  let submission: string;
  /** The owner tutor's live class in the listed course. */
  let liveSession: string;
  /** One of the owner student's log-in sessions. */
  let ownerSession: string;
  let withdrawal: string;
  let certificate: string;
  /** A student's refund request waiting for the admin. */
  let refundRequest: string;
  /** The owner tutor's coupon for the listed course, and its code. */
  let ownerCoupon: string;
  let ownerCouponCode: string;
  let order: { orderId: string; courseId: string; userId: string; teacherId: string; amount: string };
  /** The same student's cart of the listed course, checked out but not paid, and the student. */
  let cartOrder: string;
  let cartBuyer: Session;
  /** Another student's paid order of the listed course, which has its tax invoice. */
  let invoicedOrder: string;
  /** What must never appear in an answer refusing access to another user's things. */
  let secrets: string[];

  beforeAll(async () => {
    ownerTutor = await newTutor(stack, 'owner');
    ownerStudent = await stack.newUser('ownerstudent');
    ownerSession = (
      await readOk<{ sessions: Array<{ sid: string }> }>(stack, '/api/v1/sessions', ownerStudent)
    ).sessions[0]!.sid;
    student = await stack.newUser('prober');
    tutor = await newTutor(stack, 'probetutor');

    listedCourse = await createCourse(stack, ownerTutor, {
      title: 'Listed Secrets Course',
      courseContent: [
        [
          {
            sectionTitle: 'Only',
            videoTitle: 'The one lecture',
            videoDesc: 'Watched by buyers',
            videoLink: 'https://videos.example.com/hidden-lecture.mp4',
          },
        ],
      ],
    });
    listedItem = (await courseForUpdate(stack, listedCourse, ownerTutor)).courseContent.flat()[0]!._id;
    deletedCourse = await createCourse(stack, ownerTutor, { title: 'Withdrawn Private Course' });
    deletedItem = (await courseForUpdate(stack, deletedCourse, ownerTutor)).courseContent.flat()[0]!._id;
    expect((await call('DELETE', `/api/v1/delete-course/${deletedCourse}`, { as: ownerTutor })).status).toBe(
      200,
    );

    const created = await call('POST', '/api/v1/videos', {
      as: ownerTutor,
      body: { filename: 'unreleased-masterclass.mp4', contentType: 'video/mp4', size: 1000 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    video = (created.body as { videoId: string }).videoId;

    const made = await call('POST', '/api2/v1/create-todo', {
      as: ownerStudent,
      body: { desc: 'private diary entry' },
    });
    expect(made.status).toBe(201);
    todo = (made.body as { data: { _id: string } }).data._id;

    // The owner student buys the listed course (enrolled by the catalog, credited by earnings),
    // finishes it for a certificate, and the tutor asks to withdraw the credit (bought past the
    // payout hold, so that it can be withdrawn).
    await publishPaymentSucceeded(stack.services.catalog, {
      courseId: listedCourse,
      courseTitle: 'Listed Secrets Course',
      studentId: ownerStudent._id,
      tutorId: ownerTutor._id,
      amountPaise: 200_000,
      paidAt: daysAgo(PAST_THE_HOLD_DAYS),
    });
    await eventually(async () => {
      const progress = await call('GET', `/api/v1/progress/${listedCourse}`, { as: ownerStudent });
      return progress.status === 200 ? true : undefined;
    });
    const done = await call('PUT', `/api/v1/progress/${listedCourse}/${listedItem}`, {
      as: ownerStudent,
      body: { positionSec: 0, durationSec: 1, watchedRanges: [], completed: true },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    certificate = await eventually(async () => {
      const mine = await call('GET', '/api/v1/certificates', { as: ownerStudent });
      return (mine.body as unknown as Array<{ certificateId: string }>)[0]?.certificateId;
    });
    await eventually(async () => {
      const balance = await call('GET', '/api/v1/get-available-balance', { as: ownerTutor });
      return (balance.body as { earnings?: number }).earnings === 1600 ? true : undefined;
    });
    expect(
      (
        await call('POST', '/api/v1/submit-account-details', {
          as: ownerTutor,
          body: {
            fullName: 'Confidential Payee',
            accountNumber: '001234567890',
            nameOfBank: 'Canara Bank',
            ifsc: 'CNRB0001234',
          },
        })
      ).status,
    ).toBe(200);
    expect(
      (await call('POST', '/api/v1/withdraw-request', { as: ownerTutor, body: { amount: 1100 } })).status,
    ).toBe(201);
    const withdrawals = await call('GET', '/api/v1/withdrawl-history', { as: admin });
    withdrawal = (withdrawals.body as { withdrawls: Array<{ _id: string }> }).withdrawls[0]!._id;

    // The listed lecture asks a question midway; the owner student keeps a note on it.
    const quiz = await call('PUT', `/api/v1/courses/${listedCourse}/items/${listedItem}/quiz`, {
      as: ownerTutor,
      body: {
        passPercent: 50,
        maxAttempts: null,
        required: false,
        questions: [
          { type: 'short', prompt: 'Said midway?', accepted: ['unreleased-masterclass'], atSec: 1 },
        ],
      },
    });
    expect(quiz.status, JSON.stringify(quiz.body)).toBe(200);
    const noted = await call('POST', '/api/v1/notes', {
      as: ownerStudent,
      body: { courseId: listedCourse, itemId: listedItem, text: 'private margin note' },
    });
    expect(noted.status, JSON.stringify(noted.body)).toBe(201);
    note = (noted.body as { _id: string })._id;

    // The owner tutor schedules a live class of the listed course.
    const scheduled = await call('POST', `/api/v1/courses/${listedCourse}/live-sessions`, {
      as: ownerTutor,
      body: {
        title: 'Confidential Payee office hours',
        startsAt: new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString(),
        durationMin: 60,
      },
    });
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(201);
    liveSession = (scheduled.body as { session: { _id: string } }).session._id;

    // The owner student asks about the lecture, the owner tutor answers, and the answer is reported.
    const askedQuestion = await call('POST', `/api/v1/courses/${listedCourse}/questions`, {
      as: ownerStudent,
      body: {
        title: 'A private question',
        body: 'unreleased-masterclass detail',
        itemId: listedItem,
        atSec: 1,
      },
    });
    expect(askedQuestion.status, JSON.stringify(askedQuestion.body)).toBe(201);
    question = (askedQuestion.body as { _id: string })._id;
    const answered = await call('POST', `/api/v1/questions/${question}/answers`, {
      as: ownerTutor,
      body: { body: 'A private answer' },
    });
    expect(answered.status, JSON.stringify(answered.body)).toBe(201);
    answer = (answered.body as { _id: string })._id;
    const reported = await call('POST', '/api/v1/reports', {
      as: ownerStudent,
      body: { answerId: answer, reason: 'Probing the moderation' },
    });
    expect(reported.status, JSON.stringify(reported.body)).toBe(201);

    // An assignment of the owner tutor's, handed in by the owner student.
    const assigned = await createCourse(stack, ownerTutor, {
      title: 'Assigned Course',
      courseContent: [[{ sectionTitle: 'Work', videoTitle: 'Hand this in', kind: 'assignment' }]],
    });
    const task = (await courseForUpdate(stack, assigned, ownerTutor)).courseContent.flat()[0]!._id;
    const set = await call('PUT', `/api/v1/courses/${assigned}/items/${task}/assignment`, {
      as: ownerTutor,
      body: { brief: 'Write an essay', fileTypes: ['txt'], maxSizeMb: 1, required: true },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    await publishPaymentSucceeded(stack.services.catalog, {
      courseId: assigned,
      courseTitle: 'Assigned Course',
      studentId: ownerStudent._id,
      tutorId: ownerTutor._id,
      amountPaise: 49_900,
    });
    const handedIn = await eventually(async () => {
      const form = new FormData();
      form.append('text', 'private essay draft');
      const answer = await call('POST', `/api/v1/assignments/${assigned}/${task}/submissions`, {
        as: ownerStudent,
        raw: form,
      });
      return answer.status === 201 ? answer : undefined;
    });
    submission = (handedIn.body as { _id: string })._id;

    // Another student's order of the listed course, opened but not paid.
    const buyer = await stack.newUser('orderowner');
    const course = await courseDetails(stack, listedCourse, buyer);
    const opened = await checkout(stack, buyer, course);
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    order = {
      orderId: opened.body.orderId,
      courseId: listedCourse,
      userId: buyer._id,
      teacherId: ownerTutor._id,
      amount: String(course.price),
    };
    cartBuyer = buyer;
    const carted = await call('PUT', '/api/v1/cart', { as: buyer, body: { courseIds: [listedCourse] } });
    expect(carted.status, JSON.stringify(carted.body)).toBe(200);
    const cartCheckout = await call('POST', '/api/v1/cart/checkout', { as: buyer, body: {} });
    expect(cartCheckout.status, JSON.stringify(cartCheckout.body)).toBe(200);
    cartOrder = (cartCheckout.body as { orderId: string }).orderId;

    ownerCouponCode = `OWN${randomId().slice(0, 12)}`.toUpperCase();
    const couponMade = await call('POST', '/api/v1/coupons', {
      as: ownerTutor,
      body: {
        code: ownerCouponCode,
        courseId: listedCourse,
        percentOff: 10,
        startsAt: new Date(Date.now() - 60_000).toISOString(),
        endsAt: new Date(Date.now() + 3_600_000).toISOString(),
      },
    });
    expect(couponMade.status, JSON.stringify(couponMade.body)).toBe(201);
    ownerCoupon = (couponMade.body as { _id: string })._id;

    // Another student's order of the listed course, paid on the sandbox: it has a tax invoice.
    const payer = await stack.newUser('invoiceowner');
    const paying = await checkout(stack, payer, course);
    expect(paying.status, JSON.stringify(paying.body)).toBe(200);
    invoicedOrder = paying.body.orderId;
    await payAndReturn(stack, payer, invoicedOrder, course);
    await eventually(async () => {
      const invoice = await call('GET', `/api/v1/orders/${invoicedOrder}/invoice.pdf`, { as: payer });
      return invoice.status === 200 ? true : undefined;
    });

    // A student's refund request of their paid order, waiting for the admin (paid over 30 days
    // ago, so the rule does not approve it at once).
    const refunder = await stack.newUser('refundowner');
    const refunderOrder = (await checkout(stack, refunder, course)).body.orderId;
    await payAndReturn(stack, refunder, refunderOrder, course);
    await stack.services
      .payments!.app.db.collection('payments')
      .updateOne(
        { razorpay_order_id: refunderOrder },
        { $set: { paidAt: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000) } },
      );
    const asked = await call('POST', '/api/v1/refund-requests', {
      as: refunder,
      body: { orderId: refunderOrder, courseId: listedCourse, reason: 'private refund reason' },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    refundRequest = (asked.body as { _id: string; status: string })._id;

    secrets = [
      refunder.username,
      'private refund reason',
      ownerTutor.username,
      ownerTutor.email,
      ownerStudent.username,
      ownerStudent.email,
      buyer.username,
      ownerCouponCode,
      payer.username,
      'Withdrawn Private Course',
      'private diary entry',
      'unreleased-masterclass',
      'Confidential Payee',
      'hidden-lecture',
      'private margin note',
      'private essay draft',
    ];
  }, 120_000);

  /**
   * Two ids of the same shape: one of something that exists and is not the caller's, one of
   * nothing. Unless `public` says which statuses the existing one may answer (existence of a
   * listed course, a tutor's page or a certificate is not a secret), the two answers must be
   * the same in every field that does not depend on timing.
   */
  interface Pair {
    what: string;
    existing: Params;
    missing: Params;
    public?: number[];
    /** The status both answer, when it is not a refusal (a redirect, an idempotent removal). */
    status?: number;
  }
  interface Case {
    as: Actor[];
    /** The pairs to try as `me` (no one for a visitor). */
    pairs: (me?: Session) => Pair[];
    body?: () => unknown;
    form?: () => FormData;
    query?: () => string;
  }

  /** A listed course's existence is public; a deleted one must look like no course at all. */
  const coursePairs =
    (name: string, listedStatuses: number[], extra: Params = {}): (() => Pair[]) =>
    () => [
      {
        what: "another tutor's listed course",
        existing: { [name]: listedCourse, ...extra },
        missing: { [name]: randomId(), ...extra },
        public: listedStatuses,
      },
      {
        what: "another tutor's deleted course",
        existing: { [name]: deletedCourse, ...extra },
        missing: { [name]: randomId(), ...extra },
      },
    ];
  const videoPairs = (): Pair[] => [
    { what: "another tutor's video", existing: { videoId: video }, missing: { videoId: randomId() } },
  ];
  const questionPairs = (): Pair[] => [
    {
      what: "a question in another's course",
      existing: { questionId: question },
      missing: { questionId: randomId() },
    },
  ];
  const answerPairs = (): Pair[] => [
    {
      what: "an answer in another's course",
      existing: { questionId: question, answerId: answer },
      missing: { questionId: question, answerId: randomId() },
    },
  ];
  const livePairs = (): Pair[] => [
    {
      what: "a live class of another tutor's course",
      existing: { sessionId: liveSession },
      missing: { sessionId: randomId() },
    },
  ];
  const liveParticipantPairs = (): Pair[] => [
    {
      what: "a participant of another tutor's live class",
      existing: { sessionId: liveSession, userId: ownerStudent._id },
      missing: { sessionId: randomId(), userId: ownerStudent._id },
    },
  ];
  const progressReport = () => ({ positionSec: 1, durationSec: 10, watchedRanges: [[0, 1]] });

  /**
   * Every route with an id in its path has its probes here; a route added without one fails the
   * test below until someone decides what its answers may reveal.
   */
  const cases: Record<string, Case> = {
    'GET /api/v1/viewUser/:username': {
      as: ['visitor', 'student'],
      pairs: () => [
        // A tutor's page is public; a student has none, exactly like a name nobody has.
        {
          what: "a tutor's page",
          existing: { username: ownerTutor.username },
          missing: { username: `nobody${randomId()}` },
          public: [200],
        },
        {
          what: 'a student',
          existing: { username: ownerStudent.username },
          missing: { username: `nobody${randomId()}` },
        },
      ],
    },
    'GET /api/v1/get-course-details/:id': { as: ['visitor', 'student'], pairs: coursePairs('id', [200]) },
    'GET /api/v1/get-course-reviews/:id': { as: ['visitor', 'student'], pairs: coursePairs('id', [200]) },
    // Names both a course and a user: the caller's own id with another's course, and another
    // user's id (which only that user and the admin may use) with any course.
    'GET /api/v1/learn-course/:courseId/user/:userId': {
      as: ['student', 'tutor'],
      pairs: (me) => [
        ...coursePairs('courseId', [403], { userId: me!._id })(),
        {
          what: "another user's id",
          existing: { courseId: listedCourse, userId: ownerStudent._id },
          missing: { courseId: randomId(), userId: randomId() },
        },
      ],
    },
    'PUT /api/v1/add-to-favourite/:id': { as: ['student'], pairs: coursePairs('id', [200]) },
    'PUT /api/v1/remove-from-favourite/:id': {
      as: ['student'],
      // Removing what is not in your list is harmless, whatever the id: the same 200.
      pairs: () => [
        { what: 'a listed course', existing: { id: listedCourse }, missing: { id: randomId() }, status: 200 },
        {
          what: 'a deleted course',
          existing: { id: deletedCourse },
          missing: { id: randomId() },
          status: 200,
        },
      ],
    },
    'POST /api/v1/create-review/:courseId': {
      as: ['student'],
      pairs: coursePairs('courseId', [403]),
      body: () => ({ rating: 4, review: 'Probing' }),
    },
    // The listed course has a price, which its page shows anyway: 400, not free. (A visitor's
    // 401 is checked below.)
    'POST /api/v1/enroll-free/:courseId': { as: ['student', 'tutor'], pairs: coursePairs('courseId', [400]) },
    'GET /api/v1/progress/:courseId': { as: ['student', 'tutor'], pairs: coursePairs('courseId', [403]) },
    'PUT /api/v1/progress/:courseId/:itemId': {
      as: ['student', 'tutor'],
      pairs: () => [
        {
          what: "another tutor's listed course",
          existing: { courseId: listedCourse, itemId: listedItem },
          missing: { courseId: randomId(), itemId: listedItem },
          public: [403],
        },
        {
          what: "another tutor's deleted course",
          existing: { courseId: deletedCourse, itemId: deletedItem },
          missing: { courseId: randomId(), itemId: deletedItem },
        },
      ],
      body: progressReport,
    },
    // An item's quiz: a listed course's items are public (its page lists them); what its tutor
    // wrote, and a deleted course's items, are not.
    'PUT /api/v1/courses/:courseId/items/:itemId/quiz': {
      as: ['student', 'tutor'],
      pairs: itemPairs,
      body: () => ({
        passPercent: 50,
        maxAttempts: null,
        required: false,
        questions: [{ type: 'short', prompt: 'Taken over?', accepted: ['yes'], atSec: 1 }],
      }),
    },
    'GET /api/v1/courses/:courseId/items/:itemId/quiz': { as: ['student', 'tutor'], pairs: itemPairs },
    'GET /api/v1/courses/:courseId/items/:itemId/quiz/figures': {
      as: ['student', 'tutor'],
      pairs: itemPairs,
    },
    'GET /api/v1/quiz/:courseId/:itemId': { as: ['student', 'tutor'], pairs: itemPairs },
    'POST /api/v1/quiz/:courseId/:itemId/attempts': {
      as: ['student', 'tutor'],
      pairs: itemPairs,
      body: () => ({ answers: [] }),
    },
    'PUT /api/v1/courses/:courseId/items/:itemId/assignment': {
      as: ['student', 'tutor'],
      pairs: itemPairs,
      body: () => ({ brief: 'Taken over', fileTypes: [], maxSizeMb: 1, required: false }),
    },
    'GET /api/v1/courses/:courseId/items/:itemId/assignment': { as: ['student', 'tutor'], pairs: itemPairs },
    'GET /api/v1/assignments/:courseId/:itemId': { as: ['student', 'tutor'], pairs: itemPairs },
    'POST /api/v1/assignments/:courseId/:itemId/submissions': {
      as: ['student', 'tutor'],
      pairs: itemPairs,
      form: () => {
        const form = new FormData();
        form.append('text', 'Probing');
        return form;
      },
    },
    'GET /api/v1/assignments/:courseId/:itemId/submissions/mine': {
      as: ['student', 'tutor'],
      pairs: itemPairs,
    },
    'PUT /api/v1/tutor/submissions/:submissionId': {
      as: ['student', 'tutor'],
      pairs: () => [
        {
          what: "another tutor's student's hand-in",
          existing: { submissionId: submission },
          missing: { submissionId: randomId() },
        },
      ],
      body: () => ({ score: 100, passed: true, feedback: 'Taken over' }),
    },
    'PUT /api/v1/notes/:noteId': {
      as: ['student', 'tutor'],
      pairs: notePairs,
      body: () => ({ text: 'Taken over' }),
    },
    'DELETE /api/v1/notes/:noteId': { as: ['student', 'tutor'], pairs: notePairs },
    // A listed course's questions and announcements are its members'; a question or an answer in it
    // is, to anyone else, exactly like one that does not exist.
    'GET /api/v1/courses/:courseId/questions': {
      as: ['student', 'tutor'],
      pairs: coursePairs('courseId', [403]),
    },
    'POST /api/v1/courses/:courseId/questions': {
      as: ['student', 'tutor'],
      pairs: coursePairs('courseId', [403]),
      body: () => ({ title: 'Probing the course', body: 'Taken over' }),
    },
    'GET /api/v1/courses/:courseId/announcements': {
      as: ['student', 'tutor'],
      pairs: coursePairs('courseId', [403]),
    },
    'POST /api/v1/courses/:courseId/announcements': {
      as: ['student', 'tutor'],
      pairs: coursePairs('courseId', [403]),
      body: () => ({ title: 'Probing', body: 'Taken over' }),
    },
    'GET /api/v1/questions/:questionId': { as: ['student', 'tutor'], pairs: questionPairs },
    'PUT /api/v1/questions/:questionId': {
      as: ['student', 'tutor'],
      pairs: questionPairs,
      body: () => ({ body: 'Taken over' }),
    },
    'DELETE /api/v1/questions/:questionId': { as: ['student', 'tutor'], pairs: questionPairs },
    'POST /api/v1/questions/:questionId/answers': {
      as: ['student', 'tutor'],
      pairs: questionPairs,
      body: () => ({ body: 'Taken over' }),
    },
    'POST /api/v1/questions/:questionId/upvote': { as: ['student', 'tutor'], pairs: questionPairs },
    'PUT /api/v1/questions/:questionId/accepted': {
      as: ['student', 'tutor'],
      pairs: questionPairs,
      body: () => ({ answerId: answer }),
    },
    'PUT /api/v1/questions/:questionId/follow': {
      as: ['student', 'tutor'],
      pairs: questionPairs,
      body: () => ({ follow: true }),
    },
    'PUT /api/v1/questions/:questionId/answers/:answerId': {
      as: ['student', 'tutor'],
      pairs: answerPairs,
      body: () => ({ body: 'Taken over' }),
    },
    'DELETE /api/v1/questions/:questionId/answers/:answerId': {
      as: ['student', 'tutor'],
      pairs: answerPairs,
    },
    'POST /api/v1/questions/:questionId/answers/:answerId/upvote': {
      as: ['student', 'tutor'],
      pairs: answerPairs,
    },
    // A live class is its course's members'; to anyone else exactly like one that does not exist
    // (joining refuses both alike). The course's live badge is public, and the same for any id.
    'POST /api/v1/courses/:courseId/live-sessions': {
      as: ['student', 'tutor'],
      pairs: coursePairs('courseId', [403]),
      body: () => ({
        title: 'Probing',
        startsAt: new Date(Date.now() + 86_400_000).toISOString(),
        durationMin: 30,
      }),
    },
    'GET /api/v1/courses/:courseId/live-sessions': {
      as: ['student', 'tutor'],
      pairs: coursePairs('courseId', [403]),
    },
    'GET /api/v1/courses/:courseId/live-status': {
      as: ['visitor', 'student'],
      pairs: () => [
        {
          what: "a deleted course's badge, like no course's",
          existing: { courseId: deletedCourse },
          missing: { courseId: randomId() },
          status: 200,
        },
      ],
    },
    'GET /api/v1/live-sessions/:sessionId': { as: ['student', 'tutor'], pairs: livePairs },
    'PUT /api/v1/live-sessions/:sessionId': {
      as: ['student', 'tutor'],
      pairs: livePairs,
      body: () => ({
        title: 'Taken over',
        startsAt: new Date(Date.now() + 86_400_000).toISOString(),
        durationMin: 30,
      }),
    },
    'DELETE /api/v1/live-sessions/:sessionId': { as: ['student', 'tutor'], pairs: livePairs },
    'POST /api/v1/live-sessions/:sessionId/join': { as: ['student', 'tutor'], pairs: livePairs },
    'POST /api/v1/live-sessions/:sessionId/participants/:userId/remove': {
      as: ['student', 'tutor'],
      pairs: liveParticipantPairs,
    },
    'POST /api/v1/live-sessions/:sessionId/participants/:userId/speak': {
      as: ['student', 'tutor'],
      pairs: liveParticipantPairs,
      body: () => ({ allowed: true }),
    },
    'PUT /api/v1/live-sessions/:sessionId/recording': {
      as: ['student', 'tutor'],
      pairs: livePairs,
      body: () => ({ videoId: randomId(), itemId: randomId() }),
    },
    'GET /api/v1/live-sessions/:sessionId/attendance': { as: ['student', 'tutor'], pairs: livePairs },
    'GET /api/v1/live-sessions/:sessionId/calendar.ics': { as: ['student', 'tutor'], pairs: livePairs },
    'PUT /api/v1/admin/reports/:reportId': {
      as: ['student', 'tutor'],
      pairs: () => [{ what: 'a report', existing: { reportId: answer }, missing: { reportId: randomId() } }],
      body: () => ({ action: 'hide' }),
    },
    'GET /api/v1/course-analytics/:courseId': {
      as: ['student', 'tutor'],
      pairs: coursePairs('courseId', [403]),
    },
    // Certificates are verified by anyone holding the address; their 128-bit ids are the secret.
    'GET /api/v1/certificates/:certificateId': {
      as: ['visitor', 'student'],
      pairs: certificatePairs,
    },
    // A paid order's tax invoice and credit notes are its buyer's and the admin's alone.
    'GET /api/v1/orders/:orderId/invoice.pdf': { as: ['student', 'tutor'], pairs: invoicePairs },
    'GET /api/v1/orders/:orderId/credit-note.pdf': {
      as: ['student', 'tutor'],
      pairs: invoicePairs,
      query: () => `?courseId=${listedCourse}`,
    },
    'GET /api/v1/certificates/:certificateId/pdf': {
      as: ['visitor'],
      pairs: certificatePairs,
    },
    'GET /api/v1/paymentVerification/:orderId/:courseId/:userId/:teacherId/:amount': {
      as: ['visitor', 'student'],
      pairs: () => orderPairs(),
      query: () => '?razorpay_payment_id=pay_Probe123&razorpay_signature=00',
    },
    // A cart's callback names its order alone: another student's answers as an order that does
    // not exist, and pays nothing.
    'GET /api/v1/cartVerification/:orderId': {
      as: ['visitor', 'student'],
      pairs: cartOrderPairs,
      query: () => '?razorpay_payment_id=pay_Probe123&razorpay_signature=00',
    },
    'POST /api/v1/cartVerification/:orderId': { as: ['visitor'], pairs: cartOrderPairs },
    'POST /api/v1/paymentVerification/:orderId/:courseId/:userId/:teacherId/:amount': {
      as: ['visitor'],
      pairs: () => orderPairs(),
    },
    'DELETE /api2/v1/delete-todo/:id': {
      as: ['student', 'tutor'],
      pairs: () => [{ what: "another user's todo", existing: { id: todo }, missing: { id: randomId() } }],
    },
    'DELETE /api/v1/delete-course/:id': { as: ['student', 'tutor'], pairs: coursePairs('id', [403]) },
    'GET /api/v1/get-course-details-to-updateByTutor/:id': {
      as: ['student', 'tutor'],
      pairs: coursePairs('id', [403]),
    },
    'PUT /api/v1/reviews/:courseId/:reviewId/reply': {
      as: ['student', 'tutor'],
      pairs: coursePairs('courseId', [403], { reviewId: randomId() }),
      body: () => ({ text: 'Taken over' }),
    },
    'PUT /api/v1/update-course/:id': {
      as: ['student', 'tutor'],
      pairs: coursePairs('id', [403]),
      form: () => courseForm(courseData({ title: 'Taken Over' })),
    },
    'GET /api/v1/videos/:videoId/parts/:partNumber/url': { as: ['student', 'tutor'], pairs: videoPairs },
    'GET /api/v1/videos/:videoId/parts': { as: ['student', 'tutor'], pairs: videoPairs },
    'POST /api/v1/videos/:videoId/complete': {
      as: ['student', 'tutor'],
      pairs: videoPairs,
      body: () => ({ parts: [{ PartNumber: 1, ETag: 'x' }] }),
    },
    'DELETE /api/v1/videos/:videoId': { as: ['student', 'tutor'], pairs: videoPairs },
    'GET /api/v1/videos/:videoId': { as: ['student', 'tutor'], pairs: videoPairs },
    'GET /api/v1/videos/:videoId/playback': { as: ['visitor', 'student', 'tutor'], pairs: videoPairs },
    'GET /media/:videoId/:renditionSet/:token/:file': { as: ['visitor'], pairs: videoPairs },
    'GET /media/:videoId/:renditionSet/:token/:rendition/:file': { as: ['visitor'], pairs: videoPairs },
    'GET /media/:videoId/:renditionSet/:token/captions/:file': { as: ['visitor'], pairs: videoPairs },
    'PUT /api/v1/videos/:videoId/captions/:lang': {
      as: ['student', 'tutor'],
      pairs: videoPairs,
      body: () => 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nTaken over\n',
    },
    'DELETE /api/v1/delete-user/:id': {
      as: ['student', 'tutor'],
      pairs: () => [
        { what: 'another user', existing: { id: ownerStudent._id }, missing: { id: randomId() } },
      ],
    },
    'DELETE /api/v1/sessions/:sid': {
      as: ['student', 'tutor'],
      pairs: () => [
        {
          what: "another user's session",
          existing: { sid: ownerSession },
          missing: { sid: randomBytes(16).toString('hex') },
        },
      ],
    },
    // A coupon is its maker's (and the admin's): another tutor's answers as none, a student makes none.
    'PUT /api/v1/coupons/:couponId': {
      as: ['student', 'tutor'],
      pairs: () => [
        {
          what: "another tutor's coupon",
          existing: { couponId: ownerCoupon },
          missing: { couponId: randomId() },
        },
      ],
      body: () => ({ active: false }),
    },
    // Only the admin decides a refund request: a student or a tutor is refused, whatever the id.
    'PUT /api/v1/admin/refund-requests/:requestId': {
      as: ['student', 'tutor'],
      pairs: () => [
        {
          what: "a student's refund request",
          existing: { requestId: refundRequest },
          missing: { requestId: randomId() },
        },
      ],
      body: () => ({ decision: 'approve', note: 'Taken over' }),
    },
    'PUT /api/v1/confirm-withdrawlRequest/:id': {
      as: ['student', 'tutor'],
      pairs: () => [
        { what: "a tutor's withdrawal", existing: { id: withdrawal }, missing: { id: randomId() } },
      ],
      body: () => ({ status: 'Success' }),
    },
  };

  /** An item of another tutor's listed course (public, refused) and of a deleted one (as if none). */
  function itemPairs(): Pair[] {
    return [
      {
        what: "an item of another tutor's listed course",
        existing: { courseId: listedCourse, itemId: listedItem },
        missing: { courseId: randomId(), itemId: listedItem },
        public: [403],
      },
      {
        what: "an item of another tutor's deleted course",
        existing: { courseId: deletedCourse, itemId: deletedItem },
        missing: { courseId: randomId(), itemId: deletedItem },
      },
    ];
  }

  function notePairs(): Pair[] {
    return [{ what: "another student's note", existing: { noteId: note }, missing: { noteId: randomId() } }];
  }

  /** Another student's certificate and a missing one: public to whoever holds the id. */
  function certificatePairs(): Pair[] {
    return [
      {
        what: "another student's certificate",
        existing: { certificateId: certificate },
        missing: { certificateId: randomBytes(16).toString('hex') },
        public: [200],
      },
    ];
  }

  /** Another student's paid order (with its invoice) against an order id that does not exist. */
  function invoicePairs(): Pair[] {
    return [
      {
        what: "another student's paid order",
        existing: { orderId: invoicedOrder },
        missing: { orderId: `order_${randomId().slice(0, 14)}` },
      },
    ];
  }

  /** The callback of another student's cart order against an order id that does not exist. */
  function cartOrderPairs(): Pair[] {
    return [
      {
        what: "another student's cart order",
        existing: { orderId: cartOrder },
        missing: { orderId: `order_${randomId().slice(0, 14)}` },
        status: 303,
      },
    ];
  }

  /** The callback of another student's order against an order id that does not exist. */
  function orderPairs(): Pair[] {
    return [
      {
        what: "another student's order",
        existing: { ...order },
        missing: { ...order, orderId: `order_${randomId().slice(0, 14)}` },
        status: 303,
      },
    ];
  }

  /** The path parameters that name something: ids, and the username of a public page. */
  const NAMING = /^(id|\w+Id|username|sid)$/;
  const namingParams = (entry: RouteEntry) =>
    [...entry.path.matchAll(/:(\w+)/g)].map((m) => m[1]!).filter((name) => NAMING.test(name));
  const probed = routeTable.filter((entry) => namingParams(entry).length > 0);
  const key = (entry: RouteEntry) => `${entry.method} ${entry.path}`;

  /** Values for the parameters that are not under test. */
  const FILLERS: Params = {
    partNumber: '1',
    renditionSet: 'r1',
    token: '4102444800.AAAAAAAAAAAAAAAAAAAAAA',
    rendition: '360p',
    file: 'master.m3u8',
    lang: 'en',
  };
  const fill = (path: string, params: Params) =>
    path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? FILLERS[name] ?? 'x'));

  function who(actor: Actor): Session | undefined {
    return actor === 'visitor' ? undefined : actor === 'student' ? student : tutor;
  }

  async function ask(entry: RouteEntry, probe: Case, actor: Actor, params: Params): Promise<ApiResponse> {
    const path = fill(entry.path, params) + (probe.query?.() ?? '');
    const as = who(actor);
    if (entry.method === 'POST' && /^\/api\/v1\/(paymentVerification|cartVerification)\//.test(entry.path)) {
      // Razorpay's checkout posts a form.
      return call('POST', path, {
        raw: new URLSearchParams({
          razorpay_payment_id: 'pay_Probe123',
          razorpay_signature: '00',
        }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    }
    if (probe.form) return call(entry.method, path, { ...(as ? { as } : {}), raw: probe.form() });
    const body = probe.body?.();
    return call(entry.method, path, { ...(as ? { as } : {}), ...(body === undefined ? {} : { body }) });
  }

  /** A refusal says no more than its status: a JSON `{message}` naming nobody else's things. */
  function expectBare(response: ApiResponse, what: string): void {
    expect(response.headers.get('content-type'), what).toMatch(/^application\/json/);
    expect(Object.keys(response.body), `${what}: ${JSON.stringify(response.body)}`).toEqual(['message']);
    const text = JSON.stringify(response.body).toLowerCase();
    for (const secret of secrets) expect(text, what).not.toContain(secret.toLowerCase());
  }

  /** What a client can compare between two answers without a clock. */
  function visible(response: ApiResponse) {
    const names = [...response.headers.keys()].filter(
      (name) => !['date', 'x-request-id', 'etag'].includes(name),
    );
    return {
      status: response.status,
      body: response.body,
      contentType: response.headers.get('content-type'),
      length: response.headers.get('content-length'),
      location: response.headers.get('location'),
      headers: names.sort(),
    };
  }

  it('has a decision for every route with an id in its path', () => {
    expect(probed.length).toBeGreaterThan(20);
    expect(probed.map(key).filter((name) => !cases[name])).toEqual([]);
  });

  it("answers another user's private things exactly as things that do not exist", async () => {
    const failures: string[] = [];
    for (const entry of probed) {
      const probe = cases[key(entry)]!;
      for (const actor of probe.as) {
        for (const pair of probe.pairs(who(actor))) {
          const what = `${key(entry)} as ${actor}, ${pair.what}`;
          const existing = await ask(entry, probe, actor, pair.existing);
          const missing = await ask(entry, probe, actor, pair.missing);
          if (existing.status >= 500 || missing.status >= 500) {
            failures.push(`${what}: ${existing.status} / ${missing.status}`);
            continue;
          }
          // Refused before anything is looked up (a student on a tutor's call): nothing to compare.
          const refusedAlike = existing.status === missing.status && [401, 403].includes(missing.status);
          if (pair.public && !refusedAlike) {
            if (!pair.public.includes(existing.status)) {
              failures.push(`${what}: existing answered ${existing.status} ${JSON.stringify(existing.body)}`);
            }
            if (missing.status !== 404) {
              failures.push(`${what}: missing answered ${missing.status} ${JSON.stringify(missing.body)}`);
            }
            expectBare(missing, `${what} (missing)`);
            if (existing.status >= 400) expectBare(existing, `${what} (existing)`);
            continue;
          }
          const expected = pair.status === undefined || refusedAlike ? [403, 404] : [pair.status];
          if (!expected.includes(existing.status)) {
            failures.push(`${what}: answered ${existing.status} ${JSON.stringify(existing.body)}`);
          }
          const a = visible(existing);
          const b = visible(missing);
          if (JSON.stringify(a) !== JSON.stringify(b)) {
            failures.push(`${what}: existing ${JSON.stringify(a)} but missing ${JSON.stringify(b)}`);
          }
          if (existing.status >= 400) expectBare(existing, what);
          if (existing.status === 303) {
            expect(existing.headers.get('location'), what).toMatch(/\/paymentfailed\?reason=invalid$/);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('answers an id of the wrong shape with 400, 401, 403 or 404 and a message', async () => {
    const failures: string[] = [];
    for (const entry of probed) {
      const probe = cases[key(entry)]!;
      const actor = probe.as[0]!;
      const params = Object.fromEntries(namingParams(entry).map((name) => [name, 'not-an-id$']));
      const response = await ask(entry, probe, actor, params);
      if (response.status === 303) continue;
      if (![400, 401, 403, 404].includes(response.status)) {
        failures.push(`${key(entry)}: ${response.status} ${JSON.stringify(response.body)}`);
      } else {
        expectBare(response, key(entry));
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses a tutor a free enrollment in their own free course (403) and a visitor any (401)', async () => {
    const free = await createCourse(stack, ownerTutor, { title: 'Owner Free Course', price: 0 });
    const own = await call('POST', `/api/v1/enroll-free/${free}`, { as: ownerTutor });
    expect({ status: own.status, body: own.body }).toEqual({
      status: 403,
      body: { message: 'You cannot enroll in your own course' },
    });
    const visitor = await call('POST', `/api/v1/enroll-free/${free}`);
    expect(visitor.status).toBe(401);
    expectBare(visitor, 'a visitor enrolling free');
    expect((await courseDetails(stack, free, ownerTutor)).enrolledCount).toBe(0);
  });

  it('left every probed thing as its owner had it', async () => {
    const todos = await call('GET', '/api2/v1/getAll-todos', { as: ownerStudent });
    expect((todos.body as { data: Array<{ _id: string }> }).data.map((t) => t._id)).toEqual([todo]);
    const mine = await call('GET', `/api/v1/videos/${video}`, { as: ownerTutor });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ status: 'uploading' });
    const course = await courseDetails(stack, listedCourse);
    expect(course.title).toBe('Listed Secrets Course');
    expect((await call('GET', `/api/v1/getUserData`, { as: ownerStudent })).status).toBe(200);
    const history = await call('GET', '/api/v1/user-withdrawals', { as: ownerTutor });
    expect((history.body as { withdrawals: Array<{ status: string }> }).withdrawals[0]?.status).toBe(
      'Processing',
    );
    const coupons = await call('GET', '/api/v1/coupons', { as: ownerTutor });
    expect((coupons.body as { data: Array<{ _id: string; active: boolean }> }).data).toEqual([
      expect.objectContaining({ _id: ownerCoupon, active: true }),
    ]);
    const reviews = await call('GET', `/api/v1/get-course-reviews/${listedCourse}`);
    expect((reviews.body as { reviews: unknown[] }).reviews).toEqual([]);
    const pending = await call('GET', '/api/v1/admin/refund-requests?status=pending', { as: admin });
    expect((pending.body as { data: Array<{ _id: string; status: string }> }).data).toEqual([
      expect.objectContaining({ _id: refundRequest, status: 'pending' }),
    ]);
    const orders = await call('GET', '/api/v1/order-history', { as: cartBuyer });
    const lines = (orders.body as { data: Array<{ razorpay_order_id: string; success: boolean }> }).data;
    expect(lines.filter((line) => line.razorpay_order_id === cartOrder)).toEqual([
      expect.objectContaining({ success: false }),
    ]);
  });
});

describe('uploads judged by their bytes, not their names', () => {
  const HTML = Buffer.from(
    '<!doctype html><html><body><script>alert(document.domain)</script></body></html>\n',
  );
  const SVG = Buffer.from(
    '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>\n',
  );
  const TEXT = Buffer.from('just some notes, not a picture\n'.repeat(10));
  const disguised: Array<[string, Buffer, string, string]> = [
    ['text named x.png', TEXT, 'x.png', 'image/png'],
    ['HTML named x.png', HTML, 'x.png', 'image/png'],
    ['SVG with a script named x.png', SVG, 'x.png', 'image/png'],
    ['SVG with a script as itself', SVG, 'x.svg', 'image/svg+xml'],
  ];

  /** The objects in a service's bucket. */
  async function objectsIn(service: 'identity' | 'catalog', bucket: string): Promise<string[]> {
    const storage = stack.services[service]!.app.storage;
    const listed = await (await storage.client()).listObjectsV2(storage.bucket(bucket), '', true).toArray();
    return listed.map((object) => String(object.name)).sort();
  }

  /** A file's address under the gateway's /files, fetched as a browser would. */
  async function served(url: string): Promise<Response> {
    const path = new URL(url).pathname;
    return get(`${stack.url}${path}`);
  }

  interface Upload {
    name: string;
    service: 'identity' | 'catalog';
    bucket: string;
    /** Sends a file as the site's form does; `who` sends it. */
    send(who: Session, bytes: Buffer, filename: string, type: string): Promise<ApiResponse>;
    message: string;
    /** Who may upload here (a fresh one per attempt where a success changes what is allowed). */
    uploader(): Promise<Session>;
    /** The stored file's public address after a success, if the answer or a read shows it. */
    storedUrl?(who: Session, response: ApiResponse): Promise<string>;
  }

  let editedCourse: string;
  let editor: Session;
  beforeAll(async () => {
    editor = await newTutor(stack, 'editor');
    editedCourse = await createCourse(stack, editor, { title: 'Edited Course' });
  });

  const thumbnailOf = async (courseId: string, as: Session) =>
    (await courseForUpdate(stack, courseId, as)).thumbnail;

  const uploads: Upload[] = [
    {
      name: 'avatar',
      service: 'identity',
      bucket: 'avatars',
      message: 'Please upload a png or jpeg image',
      uploader: () => stack.newUser('avatar'),
      send: (as, bytes, filename, type) =>
        call('PUT', '/api/v1/update-avatar', { as, raw: formWith('image', bytes, filename, type) }),
      storedUrl: async (_as, response) => (response.body as { avatar: string }).avatar,
    },
    {
      name: 'tutor resume',
      service: 'identity',
      bucket: 'resumes',
      message: 'Please upload your resume as a png, jpeg or webp image',
      uploader: () => stack.newUser('applicant'),
      send: (as, bytes, filename, type) =>
        call('POST', '/api/v1/tutor-request', { as, raw: formWith('file', bytes, filename, type) }),
    },
    {
      name: 'new course thumbnail',
      service: 'catalog',
      bucket: 'thumbnails',
      message: 'Please upload a png, jpeg or webp image',
      uploader: () => newTutor(stack, 'thumb'),
      send: (as, bytes, filename, type) => {
        const form = courseForm(courseData({ title: 'Thumbnail Probe' }), bytes, filename, type);
        return call('POST', '/api/v1/create-course', { as, raw: form });
      },
      storedUrl: async (as, response) => thumbnailOf((response.body as { _id: string })._id, as),
    },
    {
      name: 'changed course thumbnail',
      service: 'catalog',
      bucket: 'thumbnails',
      message: 'Please upload a png, jpeg or webp image',
      uploader: async () => editor,
      send: (as, bytes, filename, type) => {
        const form = courseForm(courseData({ title: 'Edited Course' }), bytes, filename, type);
        return call('PUT', `/api/v1/update-course/${editedCourse}`, { as, raw: form });
      },
      storedUrl: async (as) => thumbnailOf(editedCourse, as),
    },
  ];

  for (const upload of uploads) {
    it(`refuses a disguised ${upload.name} with 400 and stores nothing`, async () => {
      const as = await upload.uploader();
      const before = await objectsIn(upload.service, upload.bucket);
      const coursesBefore =
        upload.service === 'catalog'
          ? (await readOk<{ total: number }>(stack, '/api/v1/get-tutors-courses', as)).total
          : 0;
      const thumbnailBefore =
        upload.name === 'changed course thumbnail' ? await thumbnailOf(editedCourse, as) : '';
      for (const [what, bytes, filename, type] of disguised) {
        const response = await upload.send(as, bytes, filename, type);
        expect(response.status, what).toBe(400);
        expect(response.body, what).toEqual({ message: upload.message });
      }
      expect(await objectsIn(upload.service, upload.bucket)).toEqual(before);
      if (upload.service === 'catalog') {
        expect((await readOk<{ total: number }>(stack, '/api/v1/get-tutors-courses', as)).total).toBe(
          coursesBefore,
        );
      }
      if (upload.name === 'changed course thumbnail')
        expect(await thumbnailOf(editedCourse, as)).toBe(thumbnailBefore);
      if (upload.name === 'avatar') {
        expect((await readOk<{ avatar: string }>(stack, '/api/v1/getUserData', as)).avatar).toBe('');
      }
      if (upload.name === 'tutor resume') {
        const requests = await call('GET', '/api/v1/getTutorRequests', { as: admin });
        expect(JSON.stringify(requests.body)).not.toContain(as._id);
      }
    });

    it(`takes a real image named x.txt as a ${upload.name}, stored and served as what its bytes are`, async () => {
      const as = await upload.uploader();
      const before = await objectsIn(upload.service, upload.bucket);
      const response = await upload.send(as, PNG, 'x.txt', 'text/plain');
      expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
      const after = await objectsIn(upload.service, upload.bucket);
      const added = after.filter((name) => !before.includes(name));
      const originals = added.filter(isOriginalImage);
      expect(originals).toHaveLength(1);
      expect(originals[0]).toMatch(/\.png$/);
      // Pictures pages show are kept resized beside them too; a resume is kept as it is.
      const copies = upload.bucket === 'resumes' ? [] : imageVariants(originals[0]!);
      expect(added).toEqual([originals[0], ...copies].sort());
      if (upload.storedUrl) {
        const url = await upload.storedUrl(as, response);
        expect(url).toMatch(/\.png$/);
        const file = await served(url);
        expect(file.status).toBe(200);
        expect(file.headers.get('content-type')).toBe('image/png');
        expect(file.headers.get('x-content-type-options')).toBe('nosniff');
        expect(isPng(Buffer.from(await file.arrayBuffer()))).toBe(true);
      }
    });
  }

  it('serves a file whose bytes start as a PNG as image/png, never as the HTML it carries', async () => {
    const as = await stack.newUser('polyglot');
    const polyglot = Buffer.concat([PNG, HTML]);
    const response = await call('PUT', '/api/v1/update-avatar', {
      as,
      raw: formWith('image', polyglot, 'x.html', 'text/html'),
    });
    expect(response.status).toBe(200);
    const file = await served((response.body as { avatar: string }).avatar);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    // What is stored is the picture written again: the HTML after it is gone.
    const stored = Buffer.from(await file.arrayBuffer());
    expect(isPng(stored)).toBe(true);
    expect(stored.includes(HTML)).toBe(false);
    // A JPEG named as a PNG is a JPEG.
    const jpeg = await call('PUT', '/api/v1/update-avatar', {
      as,
      raw: formWith('image', JPEG, 'x.png', 'image/png'),
    });
    expect(jpeg.status).toBe(200);
    expect((jpeg.body as { avatar: string }).avatar).toMatch(/\.jpg$/);
    expect((await served((jpeg.body as { avatar: string }).avatar)).headers.get('content-type')).toBe(
      'image/jpeg',
    );
  });
});

describe('security headers on every answer', () => {
  const expectSecurityHeaders = (headers: Headers, what: string) => {
    expect(headers.get('x-content-type-options'), what).toBe('nosniff');
    expect(headers.get('x-frame-options'), what).toBe('DENY');
    expect(headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
    expect(headers.get('content-security-policy'), what).toMatch(/frame-ancestors 'none'/);
    expect(headers.get('content-security-policy'), what).not.toMatch(/unsafe-eval/);
    expect(headers.get('permissions-policy'), what).toMatch(/camera=\(self\).*geolocation=\(\)/);
    expect(headers.get('strict-transport-security'), what).toMatch(/max-age=\d+/);
    expect(headers.get('cross-origin-opener-policy'), what).toBe('same-origin');
    expect(headers.get('cross-origin-resource-policy'), what).toBe('same-site');
    expect(headers.get('x-powered-by'), what).toBeNull();
    // Nothing of the servers behind the gateway shows: no name, no storage request ids.
    expect(headers.get('server'), what).toBeNull();
    expect(
      [...headers.keys()].filter((name) => name.startsWith('x-amz')),
      what,
    ).toEqual([]);
  };

  it('sends them with successes, errors, redirects, files and the site alike', async () => {
    const user = await stack.newUser('headers');
    const avatar = await call('PUT', '/api/v1/update-avatar', {
      as: user,
      raw: formWith('image', PNG, 'me.png', 'image/png'),
    });
    const avatarPath = new URL((avatar.body as { avatar: string }).avatar).pathname;
    // A gateway whose catalog is gone (503 from a refused connection) and whose log-in limit is 1.
    const config = stack.gatewayConfig;
    const limited = await buildGateway({
      ...config,
      authRateLimitPerMinute: 1,
      services: { ...config.services, catalog: 'http://127.0.0.1:9', earnings: undefined },
    });
    try {
      const other = await limited.listen({ host: '127.0.0.1', port: 0 });
      const answers: Array<[string, number | number[], Promise<ApiResponse>]> = [
        ['a service answer', 200, call('GET', '/api/v1/get-all-category')],
        ['a service 404', 404, call('GET', `/api/v1/get-course-details/${randomId()}`)],
        ['no such route', 404, call('GET', '/api/v1/no-such-call')],
        ['a wrong method', 405, call('PUT', '/api/v1/get-all-category')],
        ['no token', 401, call('GET', '/api2/v1/getAll-todos')],
        [
          'a forged token',
          401,
          call('GET', '/api2/v1/getAll-todos', { headers: { authorization: 'Bearer x.y.z', id: user._id } }),
        ],
        ['a student on an admin call', 403, call('GET', '/api/v1/count-users', { as: user })],
        [
          'malformed JSON',
          400,
          call('POST', '/api2/v1/create-todo', {
            as: user,
            raw: '{"desc":',
            headers: { 'content-type': 'application/json' },
          }),
        ],
        [
          'too large',
          413,
          call('POST', '/api2/v1/create-todo', {
            as: user,
            raw: JSON.stringify({ desc: 'x'.repeat(2 * 1024 * 1024) }),
            headers: { 'content-type': 'application/json' },
          }),
        ],
        [
          'a payment callback redirect',
          303,
          call('POST', `/api/v1/paymentVerification/order_x/${randomId()}/${user._id}/${randomId()}/499`, {
            raw: 'razorpay_payment_id=pay_x&razorpay_signature=00',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          }),
        ],
        ['a stream address with a bad token', 403, call('GET', `/media/${randomId()}/r1/1.x/master.m3u8`)],
        ['a stored file', 200, call('GET', avatarPath)],
        ['a missing file', 404, call('GET', `/files/${stack.iso.bucketPrefix}avatars/none.png`)],
        ['the run-time configuration', 200, call('GET', '/app-config.json')],
        ['the API documents', 200, call('GET', '/api/docs')],
        ['health', 200, call('GET', '/healthz')],
        // The built site when there is one, else 503 saying so.
        ['the site', [200, 503], call('GET', '/')],
        ['a page of the site', [200, 503], call('GET', '/courses')],
        ['a service that refuses connections', 503, call('GET', '/api/v1/get-all-category', {}, other)],
        ['a service not configured', 503, call('GET', '/api/v1/getTotalRevnue', { as: admin }, other)],
      ];
      for (const [what, status, pending] of answers) {
        const response = await pending;
        expect([status].flat(), `${what}: ${response.status}`).toContain(response.status);
        expectSecurityHeaders(response.headers, what);
      }
      // Too many log-ins from one address.
      let limitedAnswer: ApiResponse | undefined;
      for (let i = 0; i < 3 && limitedAnswer?.status !== 429; i += 1) {
        limitedAnswer = await call(
          'POST',
          '/api/v1/login',
          { body: { username: 'nobody', password: 'x' } },
          other,
        );
      }
      expect(limitedAnswer?.status).toBe(429);
      expectSecurityHeaders(limitedAnswer!.headers, 'a rate-limited log-in');
      const site = await get(`${stack.url}/`);
      if (site.status === 200) expect(site.headers.get('content-type')).toMatch(/^text\/html/);
    } finally {
      await limited.close();
    }
  });
});

describe('cookies', () => {
  it('sets none: sign-up, log-in, payment callbacks, files, the site and every other answer here', async () => {
    const username = `cookie${randomId().slice(-8)}`;
    const password = 'correct horse battery';
    await call('POST', '/api/v1/user-signUp', {
      body: { username, email: `${username}@example.com`, password },
    });
    const login = await call('POST', '/api/v1/login', { body: { username, password } });
    expect(login.status).toBe(200);
    await call('POST', '/api/v1/login', { body: { username, password: 'wrong password' } });
    await call('POST', '/api/v1/forgot-password', { body: { email: `${username}@example.com` } });
    await call('GET', `/api/v1/paymentVerification/order_x/${randomId()}/${randomId()}/${randomId()}/499`);
    await get(`${stack.url}/`);
    await get(`${stack.url}/app-config.json`);
    // The API's session is the bearer token: a cookie would open it to cross-site requests, so
    // none may appear; should one ever be needed it must be HttpOnly, Secure and SameSite.
    expect(seen.length).toBeGreaterThan(100);
    const cookies = seen.flatMap(({ what, headers }) =>
      headers.getSetCookie().map((cookie) => `${what}: ${cookie}`),
    );
    const unsafe = cookies.filter(
      (cookie) =>
        !/;\s*HttpOnly/i.test(cookie) ||
        !/;\s*Secure/i.test(cookie) ||
        !/;\s*SameSite=(Strict|Lax)/i.test(cookie),
    );
    expect(unsafe).toEqual([]);
    expect(cookies).toEqual([]);
  });
});
