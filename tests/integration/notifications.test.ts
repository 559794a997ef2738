import type { AppNotification, NotificationPage } from '@liveedu/api-client';
import {
  CATALOG_COURSE_REVIEWED,
  COMMUNITY_ANNOUNCEMENT_POSTED,
  COMMUNITY_ANSWER_ACCEPTED,
  COMMUNITY_ANSWER_POSTED,
  COMMUNITY_QUESTION_ASKED,
  type CommunityAnswerPostedData,
  DEFAULT_NOTIFICATION_PREFERENCES,
  EARNINGS_WITHDRAWAL_UPDATED,
  IDENTITY_USER_DELETED,
  LEARNING_SUBMISSION_GRADED,
  PAYMENTS_REFUND_PROCESSED,
} from '@liveedu/contracts';
import { outgoingMail, sendDueDigests } from '@liveedu/notifications';
import { newEvent, type Service } from '@liveedu/service-kit';
import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  courseWithItems,
  enrollByPayment,
  newTutor,
  publishPaymentSucceeded,
  redeliver,
} from '../support/flows.ts';
import { mailsTo as mailsToIn } from '../support/mail.ts';
import { addressKnown, type NotificationsStack, startNotificationsStack } from '../support/platform.ts';
import { eventually, type Session } from '../support/stack.ts';

const PUBLIC_URL = 'https://liveedu.example';

let stack: NotificationsStack;
let notifications: Service;
let dataDir: string;

beforeAll(async () => {
  stack = await startNotificationsStack({ PUBLIC_URL, STREAM_CHECK_MS: '500' });
  ({ notifications, dataDir } = stack);
});
afterAll(() => stack?.close());

const mailsTo = (email: string) => mailsToIn(dataDir, email);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const oid = () => new ObjectId().toHexString();

/** Publishes an event as its service would (the notifications service's connection reaches every stream). */
async function publish<T>(type: string, data: T, id?: string) {
  const event = newEvent(type, data, id ? { id } : {});
  await notifications.bus?.publish(event);
  return event;
}

const list = (as: Session, query = '') =>
  stack.call<NotificationPage>('GET', `/api/v1/notifications${query}`, { as });

/** The user's list once it holds `count` notifications. */
function listed(as: Session, count: number, query = '') {
  return eventually(
    async () => {
      const answer = await list(as, query);
      return answer.body.total >= count ? answer.body : undefined;
    },
    15_000,
    `${count} notifications of ${as.username}`,
  );
}

const knownAddress = (user: Session) => addressKnown(stack, user);

/** Waits until the student's progress in the course answers `status` (200 enrolled, 403 not). */
const enrolled = (student: Session, courseId: string, status: 200 | 403) =>
  eventually(async () => {
    const progress = await stack.call('GET', `/api/v1/progress/${courseId}`, { as: student });
    return progress.status === status ? true : undefined;
  });

/** A mail's header value, its folded lines joined. */
const headerOf = (mail: string, name: string) =>
  mail
    .replace(/\r?\n[ \t]+/g, ' ')
    .match(new RegExp(`^${name}: (.*)$`, 'mi'))?.[1]
    ?.trim();

function answerPosted(
  asker: Session,
  follower: Session,
  author: Session,
  extra: Partial<Pick<CommunityAnswerPostedData, 'itemId' | 'atSec' | 'questionTitle'>> = {},
): CommunityAnswerPostedData {
  return {
    answerId: oid(),
    questionId: oid(),
    questionTitle: 'How does sandhi work?',
    courseId: oid(),
    authorId: author._id,
    authorName: author.username,
    byInstructor: false,
    // As the community decides them; the author among them is still never told.
    recipients: [asker._id, follower._id, author._id],
    postedAt: new Date().toISOString(),
    ...extra,
  };
}

describe('notifications from events', () => {
  it('makes one notification per recipient of an answer delivered three times, and mails each once', async () => {
    const [asker, follower, author] = await Promise.all([
      stack.newUser('asker'),
      stack.newUser('follower'),
      stack.newUser('answerer'),
    ]);
    await knownAddress(asker);
    const data = answerPosted(asker, follower, author, { itemId: oid(), atSec: 42 });
    const event = await publish(COMMUNITY_ANSWER_POSTED, data);
    await redeliver(notifications, event, 2);

    const mine = await listed(asker, 1);
    await listed(follower, 1);
    await sleep(1_500); // the repeats have had time to arrive
    expect((await list(asker)).body).toMatchObject({ total: 1, unread: 1, page: 1, pages: 1 });
    expect((await list(follower)).body.total).toBe(1);
    expect((await list(author)).body.total).toBe(0);
    const [notification] = mine.notifications;
    expect(notification).toMatchObject({
      kind: 'answer',
      title: `${author.username} answered "How does sandhi work?"`,
      link: `/learn/${data.courseId}/user/${asker._id}?item=${data.itemId}&t=42&question=${data.questionId}`,
      read: false,
    });
    expect(notification?._id).toMatch(/^[0-9a-f]{24}$/);

    // Answers are mailed at once by default: one mail, with its unsubscribe headers.
    const mails = await eventually(async () => {
      const found = await mailsTo(asker.email);
      return found.length > 0 ? found : undefined;
    });
    await sleep(500);
    expect(await mailsTo(asker.email)).toHaveLength(1);
    const mail = mails[0] as string;
    expect(mail).toContain('answered "How does sandhi work?"');
    expect(headerOf(mail, 'List-Unsubscribe')).toMatch(
      /^<https:\/\/liveedu\.example\/api\/v1\/notifications\/unsubscribe\?token=[\w.-]+>$/,
    );
    expect(headerOf(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  });

  it('tells each event to the users it concerns, and nobody else', async () => {
    const tutor = await newTutor(stack, 'teller');
    const student = await stack.newUser('told');
    const courseId = oid();
    const questionId = oid();
    await publish(COMMUNITY_QUESTION_ASKED, {
      questionId,
      courseId,
      courseTitle: 'Spoken Sanskrit',
      tutorId: tutor._id,
      askerId: student._id,
      askerName: student.username,
      title: 'What is a dhatu?',
      askedAt: new Date().toISOString(),
    });
    // An answer accepted by its own author tells nobody; one accepted by the asker tells the author.
    const accepted = { answerId: oid(), questionId, questionTitle: 'What is a dhatu?', courseId };
    await publish(COMMUNITY_ANSWER_ACCEPTED, {
      ...accepted,
      answerAuthorId: tutor._id,
      acceptedBy: tutor._id,
      acceptedAt: new Date().toISOString(),
    });
    await publish(COMMUNITY_ANSWER_ACCEPTED, {
      ...accepted,
      answerId: oid(),
      answerAuthorId: tutor._id,
      acceptedBy: student._id,
      acceptedAt: new Date().toISOString(),
    });
    await publish(LEARNING_SUBMISSION_GRADED, {
      submissionId: oid(),
      studentId: student._id,
      tutorId: tutor._id,
      courseId,
      itemId: oid(),
      score: 9,
      passed: true,
      gradedAt: new Date().toISOString(),
    });
    await publish(CATALOG_COURSE_REVIEWED, { courseId, userId: student._id, rating: 4 });
    await publish(CATALOG_COURSE_REVIEWED, {
      courseId,
      userId: student._id,
      rating: 5,
      tutorId: tutor._id,
      courseTitle: 'Spoken Sanskrit',
    });
    await publishPaymentSucceeded(notifications, {
      tutorId: tutor._id,
      studentId: student._id,
      courseId,
      courseTitle: 'Spoken Sanskrit',
      amountPaise: 49_900,
    });
    const withdrawal = { withdrawalId: oid(), tutorId: tutor._id, amountPaise: 150_000 };
    await publish(EARNINGS_WITHDRAWAL_UPDATED, {
      ...withdrawal,
      status: 'Processing',
      at: new Date().toISOString(),
    });
    await publish(EARNINGS_WITHDRAWAL_UPDATED, {
      ...withdrawal,
      status: 'Success',
      at: new Date().toISOString(),
    });

    const tutorList = await listed(tutor, 5);
    const studentList = await listed(student, 1);
    await sleep(1_000);
    const kinds = (await list(tutor)).body.notifications.map((n) => n.kind).sort();
    expect(kinds).toEqual(['accepted', 'question', 'review', 'sale', 'withdrawal']);
    expect((await list(student)).body.notifications.map((n) => n.kind)).toEqual(['graded']);
    const byKind = new Map(tutorList.notifications.map((n) => [n.kind, n]));
    expect(byKind.get('question')?.link).toBe(`/profile/questions?question=${questionId}`);
    expect(byKind.get('sale')).toMatchObject({
      title: '"Spoken Sanskrit" was bought for ₹499.00',
      link: '/profile/tutor-analytics',
    });
    expect(byKind.get('withdrawal')?.link).toBe('/profile/withdraw-money');
    expect(studentList.notifications[0]?.link).toMatch(
      new RegExp(`^/learn/${courseId}/user/${student._id}\\?item=`),
    );
  });

  it('tells an applicant their application was accepted', async () => {
    const admin = await stack.loginAdmin();
    const applicant = await stack.newUser('applicant');
    const applied = await stack.call('POST', '/api/v1/tutor-request-ytlink', {
      as: applicant,
      body: { ytLink: `https://youtu.be/${applicant.username}` },
    });
    expect(applied.status).toBe(201);
    const decided = await stack.call('PUT', '/api/v1/acceptTutorRequest', {
      as: admin,
      body: { option: 'accept', id: applicant._id },
    });
    expect(decided.status).toBe(200);
    const told = await listed(applicant, 1);
    expect(told.notifications[0]).toMatchObject({ kind: 'application', link: '/profile' });
    expect(told.notifications[0]?.title).toMatch(/accepted/);
  });

  it("tells every enrolled student of an announcement, not the course's tutor", async () => {
    const tutor = await newTutor(stack, 'announcer');
    const { courseId } = await courseWithItems(stack, tutor, [
      { sectionTitle: 'One', videoTitle: 'Welcome', kind: 'article', body: '# Welcome' },
    ]);
    const students = await Promise.all([
      stack.newUser('pupil'),
      stack.newUser('pupil'),
      stack.newUser('pupil'),
    ]);
    for (const student of students) await enrollByPayment(stack, tutor, courseId, student);
    const outsider = await stack.newUser('outsider');
    // A student who bought the course and was refunded is no longer one of its students.
    const refunded = await stack.newUser('refunded');
    const bought = await publishPaymentSucceeded(stack.services.catalog, {
      courseId,
      studentId: refunded._id,
      tutorId: tutor._id,
      amountPaise: 29_900,
    });
    await enrolled(refunded, courseId, 200);
    await publish(PAYMENTS_REFUND_PROCESSED, {
      ...bought.data,
      requestId: oid(),
      refundId: `rfnd_${oid()}`,
      refundedAt: new Date().toISOString(),
    });
    await enrolled(refunded, courseId, 403);
    await publish(COMMUNITY_ANNOUNCEMENT_POSTED, {
      announcementId: oid(),
      courseId,
      courseTitle: 'Spoken Sanskrit',
      tutorId: tutor._id,
      title: 'Live class on Friday',
      postedAt: new Date().toISOString(),
    });
    for (const student of students) {
      const told = await listed(student, 1);
      expect(told.notifications[0]).toMatchObject({
        kind: 'announcement',
        title: 'Announcement in "Spoken Sanskrit": Live class on Friday',
        link: `/learn/${courseId}/user/${student._id}?tab=announcements`,
      });
    }
    await sleep(500);
    expect((await list(outsider)).body.total).toBe(0);
    for (const notTold of [tutor, refunded]) {
      expect((await list(notTold)).body.notifications.some((n) => n.kind === 'announcement')).toBe(false);
    }
  });

  it("forgets a deleted user's notifications and preferences", async () => {
    const user = await stack.newUser('leaving');
    const author = await stack.newUser('stayer');
    await publish(COMMUNITY_ANSWER_POSTED, answerPosted(user, author, author));
    await listed(user, 1);
    const changed = await stack.call('PUT', '/api/v1/notification-preferences', {
      as: user,
      body: { preferences: { answer: 'off' } },
    });
    expect(changed.status).toBe(200);
    await publish(IDENTITY_USER_DELETED, { userId: user._id, username: user.username });
    const db = notifications.app.db;
    await eventually(async () =>
      (await db.collection('inboxes').findOne({ _id: user._id as never })) === null ? true : undefined,
    );
    expect(await db.collection('notifications').countDocuments({ userId: user._id })).toBe(0);
    expect(await db.collection('preferences').findOne({ _id: user._id as never })).toBeNull();
    expect(await db.collection('recipients').findOne({ _id: user._id as never })).toEqual({
      _id: user._id,
      deleted: true,
    });
  });
});

describe('the list', () => {
  it('pages newest first, filters unread, marks read exactly; nobody else reads or marks mine', async () => {
    const [me, other, author] = await Promise.all([
      stack.newUser('reader'),
      stack.newUser('snoop'),
      stack.newUser('poster'),
    ]);
    for (let n = 0; n < 23; n += 1) {
      await publish(
        COMMUNITY_ANSWER_POSTED,
        answerPosted(me, author, author, { questionTitle: `Question ${n}` }),
      );
    }
    const first = await listed(me, 23);
    expect(first).toMatchObject({ total: 23, unread: 23, page: 1, pages: 2 });
    expect(first.notifications).toHaveLength(20);
    const second = (await list(me, '?page=2')).body;
    expect(second.notifications).toHaveLength(3);
    const times = [...first.notifications, ...second.notifications].map((n) => Date.parse(n.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const someIds = first.notifications.slice(0, 3).map((n) => n._id);
    // Another user's read of my ids changes nothing of mine, and they never see them.
    const snooped = await stack.call('POST', '/api/v1/notifications/read', {
      as: other,
      body: { ids: someIds },
    });
    expect(snooped.body).toEqual({ unread: 0 });
    expect((await list(other)).body.total).toBe(0);
    expect((await list(me)).body.unread).toBe(23);

    const read = await stack.call('POST', '/api/v1/notifications/read', {
      as: me,
      body: { ids: [...someIds, someIds[0]] },
    });
    expect(read.body).toEqual({ unread: 20 });
    // Again, and at once twice: the count stays exact.
    const again = await Promise.all([
      stack.call('POST', '/api/v1/notifications/read', { as: me, body: { ids: someIds } }),
      stack.call('POST', '/api/v1/notifications/read', { as: me, body: { ids: someIds } }),
    ]);
    expect(again.map((answer) => answer.body)).toEqual([{ unread: 20 }, { unread: 20 }]);
    const unread = (await list(me, '?unread=true')).body;
    expect(unread).toMatchObject({ total: 20, unread: 20, pages: 1 });
    expect(unread.notifications.every((n) => !n.read && !someIds.includes(n._id))).toBe(true);
    expect((await list(me)).body.notifications.filter((n) => n.read).map((n) => n._id)).toEqual(someIds);

    const all = await stack.call('POST', '/api/v1/notifications/read', { as: me, body: { all: true } });
    expect(all.body).toEqual({ unread: 0 });
    expect((await list(me, '?unread=true')).body).toMatchObject({ total: 0, unread: 0, notifications: [] });
    expect((await list(me)).body).toMatchObject({ total: 23, unread: 0 });
  });

  it('refuses what is not a list call, and a caller who is not signed in', async () => {
    const me = await stack.newUser('refused');
    const bad = [
      { body: { ids: [] } },
      { body: { ids: ['nope'] } },
      { body: { all: false } },
      { body: {} },
      { body: { ids: Array.from({ length: 101 }, () => oid()) } },
    ];
    for (const { body } of bad) {
      const answer = await stack.call('POST', '/api/v1/notifications/read', { as: me, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(typeof answer.body.message).toBe('string');
    }
    expect((await stack.call('GET', '/api/v1/notifications?unread=maybe', { as: me })).status).toBe(400);
    expect((await stack.call('GET', '/api/v1/notifications?page=0', { as: me })).status).toBe(400);
    expect((await stack.call('GET', '/api/v1/notifications')).status).toBe(401);
    expect((await stack.call('GET', '/api/v1/notifications/stream')).status).toBe(401);
  });
});

/** An open event stream through the gateway, read as the front end reads it (fetch and a reader). */
async function openStream(as: Session, lastEventId?: string) {
  const abort = new AbortController();
  const response = await fetch(`${stack.url}/api/v1/notifications/stream`, {
    headers: {
      authorization: `Bearer ${as.token}`,
      id: as._id,
      'accept-encoding': 'gzip, br',
      ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
    },
    signal: abort.signal,
  });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  const frames: { event?: string; id?: string; data?: unknown; comment?: boolean }[] = [];
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffered += decoder.decode(value, { stream: true });
        let end = buffered.indexOf('\n\n');
        while (end !== -1) {
          const frame = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const fields = Object.fromEntries(
            frame
              .split('\n')
              .filter((line) => !line.startsWith(':'))
              .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
          );
          frames.push(
            frame.startsWith(':')
              ? { comment: true }
              : {
                  event: fields.event,
                  id: fields.id,
                  data: fields.data ? JSON.parse(fields.data) : undefined,
                },
          );
          end = buffered.indexOf('\n\n');
        }
      }
    } catch {
      // aborted
    }
  })();
  return {
    response,
    frames,
    /** The next frame named `event` from the `from`th on, once it has come. */
    next: (event: string, from = 0) =>
      eventually(
        async () => frames.slice(from).find((frame) => frame.event === event),
        5_000,
        `an ${event} event`,
      ),
    async close() {
      abort.abort();
      await pump;
    },
  };
}

describe('the live stream through the gateway', () => {
  it('starts with the unread count and brings a new notification within two seconds; resumes after Last-Event-ID', async () => {
    const [me, author] = await Promise.all([stack.newUser('watcher'), stack.newUser('writer')]);
    // One notification before the stream opens (the event type's consumer is running by then).
    await publish(COMMUNITY_ANSWER_POSTED, answerPosted(me, author, author));
    await listed(me, 1);

    const stream = await openStream(me);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.response.headers.get('cache-control')).toMatch(/no-cache/);
    expect(stream.response.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.response.headers.get('content-encoding')).toBeNull();
    expect((await stream.next('unread')).data).toEqual({ unread: 1 });

    const published = Date.now();
    await publish(COMMUNITY_ANSWER_POSTED, answerPosted(me, author, author, { questionTitle: 'Live one' }));
    const live = await stream.next('notification');
    const took = Date.now() - published;
    expect(took).toBeLessThan(2_000);
    expect(live.data).toMatchObject({ kind: 'answer', read: false, unread: 2 });
    expect((live.data as AppNotification).title).toContain('Live one');
    expect(live.id).toBe((live.data as AppNotification)._id);

    // Read elsewhere: the stream tells the new count.
    const seen = stream.frames.length;
    await stack.call('POST', '/api/v1/notifications/read', { as: me, body: { all: true } });
    expect((await stream.next('unread', seen)).data).toEqual({ unread: 0 });
    await stream.close();

    // Two more while away: a stream resuming after the live one sends them first, oldest first.
    await publish(COMMUNITY_ANSWER_POSTED, answerPosted(me, author, author, { questionTitle: 'Missed one' }));
    await publish(COMMUNITY_ANSWER_POSTED, answerPosted(me, author, author, { questionTitle: 'Missed two' }));
    await listed(me, 4);
    const resumed = await openStream(me, live.id);
    const missed = await eventually(async () => {
      const sent = resumed.frames.filter((frame) => frame.event === 'notification');
      return sent.length >= 2 ? sent : undefined;
    });
    expect(resumed.frames[0]?.event).toBe('unread');
    expect(missed.map((frame) => (frame.data as AppNotification).title)).toEqual([
      expect.stringContaining('Missed one'),
      expect.stringContaining('Missed two'),
    ]);
    await resumed.close();
  });

  it('ends with the client, and a closing gateway ends its streams instead of waiting for them', async () => {
    const me = await stack.newUser('leaver');
    const connections = () =>
      new Promise<number>((resolve, reject) =>
        notifications.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
      );
    const before = await connections();
    const stream = await openStream(me);
    await stream.next('unread');
    await stream.close();
    // The gateway ends its request upstream: the service's connection for it goes.
    await eventually(
      async () => ((await connections()) <= before ? true : undefined),
      5_000,
      'the upstream to end',
    );

    const { buildGateway } = await import('@liveedu/gateway');
    const replica = await buildGateway(stack.gatewayConfig);
    const url = await replica.listen({ host: '127.0.0.1', port: 0 });
    const response = await fetch(`${url}/api/v1/notifications/stream`, {
      headers: { authorization: `Bearer ${me.token}`, id: me._id },
    });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    const closing = Date.now();
    await replica.close();
    expect(Date.now() - closing).toBeLessThan(3_000);
    // The client's stream ends (cut, as by any server going away; its client opens another).
    const ended = await (async () => {
      try {
        for (;;) if ((await reader.read()).done) return 'ended';
      } catch {
        return 'ended';
      }
    })();
    expect(ended).toBe('ended');
  });
});

describe('mail preferences', () => {
  it('answers every kind with its default, takes changes, and refuses values that are not a preference', async () => {
    const me = await stack.newUser('chooser');
    const initial = await stack.call<{ preferences: Record<string, string> }>(
      'GET',
      '/api/v1/notification-preferences',
      {
        as: me,
      },
    );
    // The defaults' rule (a course's crowd daily, the rest at once) is the service's own test.
    expect(initial.body.preferences).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    const changed = await stack.call<{ preferences: Record<string, string> }>(
      'PUT',
      '/api/v1/notification-preferences',
      {
        as: me,
        body: { preferences: { sale: 'instant', answer: 'off' } },
      },
    );
    expect(changed.status).toBe(200);
    expect(changed.body.preferences).toMatchObject({ sale: 'instant', answer: 'off', review: 'daily' });
    for (const body of [{ preferences: { sale: 'weekly' } }, {}, { preferences: 'off' }]) {
      const refused = await stack.call('PUT', '/api/v1/notification-preferences', { as: me, body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(typeof refused.body.message).toBe('string');
    }
    const after = await stack.call<{ preferences: Record<string, string> }>(
      'GET',
      '/api/v1/notification-preferences',
      {
        as: me,
      },
    );
    expect(after.body.preferences).toEqual(changed.body.preferences);
  });
});

describe('the daily digest', () => {
  it("groups a day's daily notifications in one mail, once, whose links turn the kinds off", async () => {
    const tutor = await newTutor(stack, 'digested');
    await knownAddress(tutor);
    const courseId = oid();
    for (const title of ['Sanskrit One', 'Sanskrit Two']) {
      await publishPaymentSucceeded(notifications, {
        tutorId: tutor._id,
        courseId,
        courseTitle: title,
        amountPaise: 29_900,
      });
    }
    await publish(CATALOG_COURSE_REVIEWED, {
      courseId,
      userId: oid(),
      rating: 5,
      tutorId: tutor._id,
      courseTitle: 'Sanskrit One',
    });
    await listed(tutor, 3);
    // Daily kinds are not mailed at once.
    await sleep(500);
    expect(await mailsTo(tutor.email)).toHaveLength(0);

    const run = {
      db: notifications.app.db,
      out: outgoingMail(notifications.app.config),
      log: notifications.app.log,
      hour: new Date().getUTCHours(),
    };
    // Before the next digest time nothing is due; a day on, one mail; run again (another replica, a restart), none.
    expect(await sendDueDigests(run)).toBe(0);
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000 + 60_000);
    const sent = await sendDueDigests({ ...run, now: tomorrow });
    expect(sent).toBeGreaterThanOrEqual(1);
    expect(await sendDueDigests({ ...run, now: tomorrow })).toBe(0);
    const mails = await mailsTo(tutor.email);
    expect(mails).toHaveLength(1);
    const digest = mails[0] as string;
    expect(digest).toMatch(/^Subject: Your LiveEdu digest: 3 new notifications$/m);
    expect(digest).toContain('Course sales (2)');
    expect(digest).toContain('New reviews of your courses (1)');
    expect(digest).toContain('"Sanskrit One" was bought for ₹299.00');
    expect(digest).toContain(`${PUBLIC_URL}/profile/tutor-analytics`);
    expect(headerOf(digest, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const headerLink = headerOf(digest, 'List-Unsubscribe')?.match(/^<(.+)>$/)?.[1] as string;
    expect(headerLink.startsWith(`${PUBLIC_URL}/api/v1/notifications/unsubscribe?token=`)).toBe(true);
    const saleLink = digest.match(/Stop course sale mails: (\S+)/)?.[1] as string;
    const local = (link: string) => link.slice(PUBLIC_URL.length);

    // Opening the sale link turns sales off.
    const page = await fetch(`${stack.url}${local(saleLink)}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain('You will no longer get course sale mails.');
    const preferences = () =>
      stack.call<{ preferences: Record<string, string> }>('GET', '/api/v1/notification-preferences', {
        as: tutor,
      });
    expect((await preferences()).body.preferences).toMatchObject({ sale: 'off', review: 'daily' });

    // The mail program's one-click POST of the header's link turns off every kind in the digest.
    const oneClick = await fetch(`${stack.url}${local(headerLink)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect((await preferences()).body.preferences).toMatchObject({
      sale: 'off',
      review: 'off',
      question: 'daily',
    });

    // Nothing new: no digest the next day either.
    const dayAfter = new Date(tomorrow.getTime() + 24 * 60 * 60 * 1000);
    expect(await sendDueDigests({ ...run, now: dayAfter })).toBe(0);
    expect(await mailsTo(tutor.email)).toHaveLength(1);
  });

  it('refuses a forged or altered unsubscribe token, and a one-click POST without its body', async () => {
    const user = await stack.newUser('forger');
    const forged = `${Buffer.from(JSON.stringify({ u: user._id, k: ['sale'] })).toString('base64url')}.AAAA`;
    const path = (token: string) => `/api/v1/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
    const get = await stack.call('GET', path(forged));
    expect(get.status).toBe(400);
    expect(get.body).toEqual({ message: 'This unsubscribe link is not valid' });
    const post = await fetch(`${stack.url}${path(forged)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(post.status).toBe(400);
    expect((await stack.call('GET', '/api/v1/notifications/unsubscribe')).status).toBe(400);

    const genuine = outgoingMail(notifications.app.config).unsubscribe(user._id, ['sale']);
    const noBody = await fetch(`${stack.url}${genuine.slice(PUBLIC_URL.length)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'something=else',
    });
    expect(noBody.status).toBe(400);
    const preferences = await stack.call<{ preferences: Record<string, string> }>(
      'GET',
      '/api/v1/notification-preferences',
      { as: user },
    );
    expect(preferences.body.preferences.sale).toBe('daily');
  });
});
