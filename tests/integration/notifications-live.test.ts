import type { AppNotification } from '@liveedu/api-client';
import {
  LIVE_SESSION_CANCELLED,
  LIVE_SESSION_REMINDER,
  LIVE_SESSION_SCHEDULED,
  type LiveReminderLead,
  type LiveSessionCancelledData,
  type LiveSessionReminderData,
  type LiveSessionScheduledData,
} from '@liveedu/contracts';
import { outgoingMail, sendDueDigests } from '@liveedu/notifications';
import { newEvent, type Service } from '@liveedu/service-kit';
import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseWithItems, enrollByPayment, newTutor, redeliver } from '../support/flows.ts';
import { mailsTo as mailsToIn } from '../support/mail.ts';
import { addressKnown, type NotificationsStack, startNotificationsStack } from '../support/platform.ts';
import { eventually, type Session } from '../support/stack.ts';

// The live service publishes these events; here they are published as it would, so the
// notifications are tried on their own.

const PUBLIC_URL = 'https://liveedu.example';
const COURSE_TITLE = 'Spoken Sanskrit';
const MINUTE = 60_000;

let stack: NotificationsStack;
let notifications: Service;
let dataDir: string;
let tutor: Session;
let courseId: string;
/** Enrolled in the course; the last turns every live kind off. */
let students: Session[];
let quiet: Session;
let outsider: Session;

beforeAll(async () => {
  stack = await startNotificationsStack({ PUBLIC_URL });
  ({ notifications, dataDir } = stack);
  tutor = await newTutor(stack, 'host');
  ({ courseId } = await courseWithItems(stack, tutor, [
    { sectionTitle: 'One', videoTitle: 'Welcome', kind: 'article', body: '# Welcome' },
  ]));
  students = await Promise.all([stack.newUser('viewer'), stack.newUser('viewer'), stack.newUser('viewer')]);
  for (const student of students) await enrollByPayment(stack, tutor, courseId, student);
  quiet = students[2] as Session;
  const off = await stack.call('PUT', '/api/v1/notification-preferences', {
    as: quiet,
    body: { preferences: { liveScheduled: 'off', liveCancelled: 'off', liveReminder: 'off' } },
  });
  expect(off.status).toBe(200);
  outsider = await stack.newUser('passerby');
  for (const user of [tutor, ...students, outsider]) await knownAddress(user);
});
afterAll(() => stack?.close());

const oid = () => new ObjectId().toHexString();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mailsTo = (user: Session) => mailsToIn(dataDir, user.email);

const knownAddress = (user: Session) => addressKnown(stack, user);

/** Publishes an event as the live service would, and twice more as a redelivery would. */
async function publishTwiceOver<T>(type: string, data: T) {
  const event = newEvent(type, data);
  await notifications.bus?.publish(event);
  await redeliver(notifications, event, 2);
  return event;
}

/** A session of the course's, starting `inMinutes` from now. */
function session(inMinutes: number, title = 'Sandhi, live') {
  return {
    sessionId: oid(),
    courseId,
    courseTitle: COURSE_TITLE,
    tutorId: tutor._id,
    title,
    startsAt: new Date(Date.now() + inMinutes * MINUTE).toISOString(),
  };
}

/** The user's notifications that open this session's room page. */
async function aboutSession(user: Session, sessionId: string): Promise<AppNotification[]> {
  const answer = await stack.call<{ notifications: AppNotification[] }>('GET', '/api/v1/notifications', {
    as: user,
  });
  expect(answer.status).toBe(200);
  return answer.body.notifications.filter((n) => n.link === `/live/${sessionId}`);
}

/** Once every one of `users` has a mail about the session, and a moment more for any second one. */
async function mailedAll(users: Session[], sessionId: string) {
  await Promise.all(
    users.map((user) =>
      eventually(async () => ((await mailsAbout(user, sessionId)).length > 0 ? true : undefined)),
    ),
  );
  await sleep(1_500);
}

/** Once every one of `users` holds `count` notifications of the session, each of theirs. */
async function toldAll(users: Session[], sessionId: string, count = 1) {
  return Promise.all(
    users.map((user) =>
      eventually(
        async () => {
          const told = await aboutSession(user, sessionId);
          return told.length >= count ? told : undefined;
        },
        15_000,
        `${count} notifications of ${user.username} about the session`,
      ),
    ),
  );
}

/** The mails to `user` that name the session's room page. */
async function mailsAbout(user: Session, sessionId: string) {
  return (await mailsTo(user)).filter((mail) => mail.includes(`${PUBLIC_URL}/live/${sessionId}`));
}

describe('a live class scheduled or moved', () => {
  it('tells every enrolled student once, not the tutor nor anyone outside the course; moving it tells them again', async () => {
    const data: LiveSessionScheduledData = { ...session(3 * 24 * 60), durationMin: 60, rescheduled: false };
    await publishTwiceOver(LIVE_SESSION_SCHEDULED, data);
    const told = await toldAll(students, data.sessionId);
    await sleep(1_500); // the repeats have had time to arrive
    for (const [at, student] of students.entries()) {
      const mine = await aboutSession(student, data.sessionId);
      expect(mine, student.username).toHaveLength(1);
      expect(mine[0]).toMatchObject({
        kind: 'liveScheduled',
        title: `New live class in "${COURSE_TITLE}": Sandhi, live`,
        read: false,
      });
      expect(told[at]?.[0]?._id).toBe(mine[0]?._id);
    }
    expect(await aboutSession(tutor, data.sessionId)).toEqual([]);
    expect(await aboutSession(outsider, data.sessionId)).toEqual([]);

    const moved = {
      ...data,
      startsAt: new Date(Date.now() + 4 * 24 * 60 * MINUTE).toISOString(),
      rescheduled: true,
    };
    await publishTwiceOver(LIVE_SESSION_SCHEDULED, moved);
    await toldAll(students, data.sessionId, 2);
    await sleep(1_000);
    const [latest, first] = await aboutSession(students[0] as Session, data.sessionId);
    expect(latest?.title).toBe(`Live class rescheduled in "${COURSE_TITLE}": Sandhi, live`);
    expect(first?.title).toBe(`New live class in "${COURSE_TITLE}": Sandhi, live`);
    expect(await aboutSession(students[1] as Session, data.sessionId)).toHaveLength(2);

    // Scheduled classes come in the daily digest by default; the student who turned them off gets none.
    const run = {
      db: notifications.app.db,
      out: outgoingMail(notifications.app.config),
      log: notifications.app.log,
      hour: new Date().getUTCHours(),
    };
    await sendDueDigests({ ...run, now: new Date(Date.now() + 24 * 60 * MINUTE + MINUTE) });
    const [digest, ...more] = await mailsAbout(students[0] as Session, data.sessionId);
    expect(more).toEqual([]);
    expect(digest).toContain('Live classes scheduled in your courses (2)');
    expect(await mailsAbout(quiet, data.sessionId)).toEqual([]);
  });
});

describe('a live class cancelled', () => {
  it('tells every enrolled student once, mailed at once to each but the one who turned it off', async () => {
    const data: LiveSessionCancelledData = session(2 * 60, 'Compounds, live');
    await publishTwiceOver(LIVE_SESSION_CANCELLED, data);
    await toldAll(students, data.sessionId);
    const mailed = students.filter((student) => student !== quiet);
    await mailedAll(mailed, data.sessionId);
    for (const student of students) {
      const mine = await aboutSession(student, data.sessionId);
      expect(mine, student.username).toHaveLength(1);
      expect(mine[0]).toMatchObject({
        kind: 'liveCancelled',
        title: 'Live class cancelled: Compounds, live',
      });
    }
    for (const student of mailed) {
      const mails = await mailsAbout(student, data.sessionId);
      expect(mails, student.username).toHaveLength(1);
      expect(mails[0]).toMatch(/^Subject: Live class cancelled: Compounds, live$/m);
      expect(mails[0]).toContain('cancelled live class mails are on');
    }
    // "Off" keeps the class in the student's list, and out of their mail.
    expect(await mailsAbout(quiet, data.sessionId)).toEqual([]);
    expect(await aboutSession(tutor, data.sessionId)).toEqual([]);
    expect(await aboutSession(outsider, data.sessionId)).toEqual([]);
  });
});

describe('reminders before a live class', () => {
  const remind = (data: ReturnType<typeof session>, lead: LiveReminderLead) =>
    publishTwiceOver<LiveSessionReminderData>(LIVE_SESSION_REMINDER, { ...data, lead });

  it('tell every enrolled student and the tutor a day before and ten minutes before, once each', async () => {
    const dayAhead = session(24 * 60, 'Verbs, live');
    await remind(dayAhead, '24h');
    const everyone = [...students, tutor];
    await toldAll(everyone, dayAhead.sessionId);

    const soon = session(10, 'Verbs, live');
    await remind(soon, '10min');
    await toldAll(everyone, soon.sessionId);
    const mailed = everyone.filter((user) => user !== quiet);
    await mailedAll(mailed, soon.sessionId);

    for (const user of everyone) {
      const day = await aboutSession(user, dayAhead.sessionId);
      expect(day, user.username).toHaveLength(1);
      expect(day[0]).toMatchObject({ kind: 'liveReminder', title: 'Live class tomorrow: Verbs, live' });
      const minutes = await aboutSession(user, soon.sessionId);
      expect(minutes, user.username).toHaveLength(1);
      expect(minutes[0]).toMatchObject({
        kind: 'liveReminder',
        title: `${COURSE_TITLE}: "Verbs, live" starts in 10 minutes`,
      });
    }
    expect(await aboutSession(outsider, soon.sessionId)).toEqual([]);

    // Reminders are mailed at once: one each, none to the student who turned them off.
    for (const user of mailed) {
      for (const sessionId of [dayAhead.sessionId, soon.sessionId]) {
        expect(await mailsAbout(user, sessionId), user.username).toHaveLength(1);
      }
    }
    const [tenMinutes] = await mailsAbout(tutor, soon.sessionId);
    // The subject, encoded for its quotes, says the same as the body's first line.
    expect(tenMinutes).toContain(`\n${COURSE_TITLE}: "Verbs, live" starts in 10 minutes`);
    expect(await mailsAbout(quiet, dayAhead.sessionId)).toEqual([]);
    expect(await mailsAbout(quiet, soon.sessionId)).toEqual([]);
  });

  it('say how near a class scheduled only hours ahead is, and tell nobody once it has started', async () => {
    const later = session(3 * 60, 'Nouns, live');
    await remind(later, '24h');
    const [told] = await toldAll([students[0] as Session], later.sessionId);
    expect(told?.[0]?.title).toBe('Live class in 3 hours: Nouns, live');

    const started = session(-1, 'Nouns, live');
    await remind(started, '10min');
    const marker = session(10, 'Pronouns, live');
    await remind(marker, '10min');
    // The later event has been handled: the earlier one, had it told anyone, would be there too.
    await toldAll([students[1] as Session, tutor], marker.sessionId);
    await sleep(1_000);
    expect(await aboutSession(students[1] as Session, started.sessionId)).toEqual([]);
    expect(await aboutSession(tutor, started.sessionId)).toEqual([]);
  });
});
