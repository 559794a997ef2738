/**
 * Live classes through the gateway with the whole platform and a media server of the stack's own:
 * who may schedule, see and join a course's classes, the join window, the tokens the media server
 * takes, the host's removals, attendance from signed webhooks (a forged one changes nothing),
 * calendar files and the private feed, cancellation and reminders reaching the students once.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { LiveAttendee, LiveSession } from '@liveedu/api-client';
import { sendDueReminders } from '@liveedu/live';
import type { Service } from '@liveedu/service-kit';
import ICAL from 'ical.js';
import { AccessToken, TokenVerifier, WebhookEvent, type WebhookEventNames } from 'livekit-server-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseWithItems, enrolledFree, newTutor } from '../support/flows.ts';
import { startPlatformStack } from '../support/platform.ts';
import { eventually, type Session, type StackLivekit, type TestStack } from '../support/stack.ts';

interface Joined {
  url: string;
  token: string;
  role: 'host' | 'viewer';
  expiresAt: string;
  message: string;
}
interface Notification {
  kind: string;
  title: string;
  link: string;
}

const MINUTE = 60_000;
const COURSE_TITLE = 'Carnatic Vocals Live';

let stack: TestStack;
let livekit: StackLivekit;
let live: Service;
let admin: Session;
let tutor: Session;
let student: Session;
let outsider: Session;
let courseId = '';

const startsIn = (minutes: number) => new Date(Date.now() + minutes * MINUTE).toISOString();
const body = (overrides: Record<string, unknown> = {}) => ({
  title: 'Raga Mohanam, live',
  startsAt: startsIn(60),
  durationMin: 45,
  description: 'Bring a shruti box.',
  ...overrides,
});
const schedule = (as: Session | undefined, payload: unknown, course = courseId) =>
  stack.call<{ session: LiveSession; message: string }>('POST', `/api/v1/courses/${course}/live-sessions`, {
    ...(as ? { as } : {}),
    body: payload,
  });
async function scheduled(overrides: Record<string, unknown> = {}): Promise<LiveSession> {
  const made = await schedule(tutor, body(overrides));
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.session;
}
const join = (as: Session | undefined, sessionId: string) =>
  stack.call<Joined>('POST', `/api/v1/live-sessions/${sessionId}/join`, as ? { as } : {});
const readSession = (as: Session | undefined, sessionId: string) =>
  stack.call<{ session: LiveSession; message: string }>(
    'GET',
    `/api/v1/live-sessions/${sessionId}`,
    as ? { as } : {},
  );

/** The user's notifications that open the class's room page. */
async function aboutSession(user: Session, sessionId: string): Promise<Notification[]> {
  const answer = await stack.call<{ notifications: Notification[] }>('GET', '/api/v1/notifications', {
    as: user,
  });
  expect(answer.status).toBe(200);
  return answer.body.notifications.filter((n) => n.link === `/live/${sessionId}`);
}

/** A webhook as the media server posts it: the event's JSON, signed with a JWT holding its SHA-256. */
async function webhook(
  event: { event: WebhookEventNames; id: string; room: string; identity: string; name: string; at: Date },
  secret = livekit.apiSecret,
) {
  const message = new WebhookEvent({
    id: event.id,
    createdAt: BigInt(Math.floor(event.at.getTime() / 1000)),
    room: { name: event.room },
    participant: { identity: event.identity, name: event.name },
  });
  message.event = event.event;
  const payload = message.toJsonString();
  const signer = new AccessToken(livekit.apiKey, secret, { ttl: 300 });
  signer.sha256 = createHash('sha256').update(payload).digest('base64');
  return stack.call<{ status: string; message: string }>('POST', '/api/v1/live-webhook', {
    raw: payload,
    headers: { 'content-type': 'application/webhook+json', authorization: await signer.toJwt() },
  });
}

beforeAll(async () => {
  stack = await startPlatformStack({ livekit: true });
  livekit = stack.livekit as StackLivekit;
  live = stack.services.live as Service;
  admin = await stack.loginAdmin();
  tutor = await newTutor(stack, 'livehost');
  ({ courseId } = await courseWithItems(
    stack,
    tutor,
    [{ sectionTitle: 'Basics', videoTitle: 'Sruti', kind: 'article', body: '# Sruti' }],
    { price: 0, title: COURSE_TITLE },
  ));
  student = await enrolledFree(stack, courseId, 'liveviewer');
  outsider = await stack.newUser('passerby');
}, 180_000);
afterAll(() => stack?.close());

describe('scheduling a course’s live class', () => {
  it('lets only the course’s tutor schedule, and answers the class as agreed', async () => {
    const startsAt = startsIn(90);
    const made = await schedule(tutor, body({ startsAt, title: '  Raga Hamsadhwani  ' }));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const session = made.body.session;
    expect(session).toMatchObject({
      courseId,
      courseTitle: COURSE_TITLE,
      tutorId: tutor._id,
      tutorName: tutor.username,
      title: 'Raga Hamsadhwani',
      description: 'Bring a shruti box.',
      startsAt,
      durationMin: 45,
      state: 'upcoming',
      recording: null,
    });
    expect(Date.parse(session.endsAt) - Date.parse(startsAt)).toBe(45 * MINUTE);
    expect(Date.parse(startsAt) - Date.parse(session.joinOpensAt)).toBe(10 * MINUTE);

    for (const who of [student, outsider, admin]) expect((await schedule(who, body())).status).toBe(403);
    expect((await schedule(undefined, body())).status).toBe(401);
    expect((await schedule(tutor, body(), '0123456789abcdef01234567')).status).toBe(404);
  });

  it('refuses what cannot be scheduled with 400 and a sentence', async () => {
    const refusals: Array<[Record<string, unknown>, RegExp]> = [
      [{ title: 'ab' }, /title must be 3 to 120/],
      [{ title: 'x'.repeat(121) }, /title must be 3 to 120/],
      [{ startsAt: startsIn(-5) }, /must start in the future/],
      [{ startsAt: new Date(Date.now() + 181 * 24 * 60 * MINUTE).toISOString() }, /180 days/],
      [{ startsAt: 'next tuesday' }, /startsAt must be a date and time/],
      [{ durationMin: 10 }, /15 to 240/],
      [{ durationMin: 241 }, /15 to 240/],
      [{ durationMin: 30.5 }, /15 to 240/],
      [{ description: 'y'.repeat(2001) }, /at most 2000/],
    ];
    for (const [overrides, message] of refusals) {
      const refused = await schedule(tutor, body(overrides));
      expect(refused.status, JSON.stringify(overrides)).toBe(400);
      expect(refused.body.message).toMatch(message);
    }
    const { title: _, ...untitled } = body();
    expect((await schedule(tutor, untitled)).status).toBe(400);
    expect((await schedule(tutor, body(), 'not-an-id')).status).toBe(400);
  });
});

describe('who sees a course’s live classes', () => {
  it('shows the list and a class to its students, its tutor and the admin; 403/404 to others, 401 to visitors', async () => {
    const session = await scheduled({ title: 'Visible to members' });
    const list = (as?: Session) =>
      stack.call<{ sessions: LiveSession[]; total: number; message: string }>(
        'GET',
        `/api/v1/courses/${courseId}/live-sessions`,
        as ? { as } : {},
      );
    for (const who of [student, tutor, admin]) {
      const listed = await list(who);
      expect(listed.status).toBe(200);
      expect(listed.body.sessions.map((s) => s._id)).toContain(session._id);
      expect((await readSession(who, session._id)).status).toBe(200);
    }
    expect((await list(outsider)).status).toBe(403);
    expect((await list()).status).toBe(401);
    const hidden = await readSession(outsider, session._id);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual({ message: 'Live class not found' });
    expect((await readSession(undefined, session._id)).status).toBe(401);
  });

  it('lists coming classes soonest first and leaves cancelled ones out', async () => {
    const later = await scheduled({ title: 'Later one', startsAt: startsIn(60 * 24 * 3) });
    const sooner = await scheduled({ title: 'Sooner one', startsAt: startsIn(60 * 24 * 2) });
    const dropped = await scheduled({ title: 'Dropped one', startsAt: startsIn(60 * 24 * 2 + 5) });
    expect((await stack.call('DELETE', `/api/v1/live-sessions/${dropped._id}`, { as: tutor })).status).toBe(
      200,
    );
    const listed = await stack.call<{ sessions: LiveSession[] }>(
      'GET',
      `/api/v1/courses/${courseId}/live-sessions`,
      { as: student },
    );
    const ids = listed.body.sessions.map((s) => s._id);
    expect(ids).not.toContain(dropped._id);
    expect(ids.indexOf(sooner._id)).toBeLessThan(ids.indexOf(later._id));
    const starts = listed.body.sessions.map((s) => Date.parse(s.startsAt));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));

    const upcoming = await stack.call<{ sessions: LiveSession[] }>('GET', '/api/v1/live-sessions/upcoming', {
      as: student,
    });
    expect(upcoming.status).toBe(200);
    expect(upcoming.body.sessions.map((s) => s._id)).toEqual(expect.arrayContaining([sooner._id, later._id]));
    expect(upcoming.body.sessions.map((s) => s._id)).not.toContain(dropped._id);
    const hosting = await stack.call<{ sessions: LiveSession[] }>('GET', '/api/v1/live-sessions/upcoming', {
      as: tutor,
    });
    expect(hosting.body.sessions.map((s) => s._id)).toContain(sooner._id);
    const none = await stack.call<{ sessions: LiveSession[] }>('GET', '/api/v1/live-sessions/upcoming', {
      as: outsider,
    });
    expect(none.body.sessions).toEqual([]);
    expect((await stack.call('GET', '/api/v1/live-sessions/upcoming')).status).toBe(401);
  });

  it('shows anyone the course’s badge: not live, and when the next class starts', async () => {
    const badge = await stack.call<{ live: boolean; sessionId: string | null; nextStartsAt: string | null }>(
      'GET',
      `/api/v1/courses/${courseId}/live-status`,
    );
    expect(badge.status).toBe(200);
    expect(badge.body.live).toBe(false);
    expect(badge.body.sessionId).toMatch(/^[0-9a-f]{24}$/);
    expect(Date.parse(badge.body.nextStartsAt ?? '')).toBeGreaterThan(Date.now());
    const empty = await stack.call('GET', '/api/v1/courses/0123456789abcdef01234567/live-status');
    expect(empty.body).toEqual({ live: false, sessionId: null, nextStartsAt: null });
  });
});

describe('joining a class', () => {
  it('refuses before the window opens, saying when it opens', async () => {
    const later = await scheduled({ startsAt: startsIn(30) });
    const early = await join(student, later._id);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(`This live class opens for joining at ${later.joinOpensAt}`);
  });

  it('gives the tutor a host token and a student a viewer token for this room only, until the end', async () => {
    const session = await scheduled({ startsAt: startsIn(5), durationMin: 30 });
    expect(session.state).toBe('open');
    const verifier = new TokenVerifier(livekit.apiKey, livekit.apiSecret);

    const host = await join(tutor, session._id);
    expect(host.status, JSON.stringify(host.body)).toBe(200);
    expect(host.body).toMatchObject({ role: 'host', url: livekit.wsUrl, expiresAt: session.endsAt });
    const hostClaims = await verifier.verify(host.body.token);
    expect(hostClaims.sub).toBe(tutor._id);
    expect(hostClaims.name).toBe(tutor.username);
    expect(hostClaims.video).toMatchObject({
      room: `live-${session._id}`,
      roomJoin: true,
      canPublish: true,
      canSubscribe: true,
      canPublishData: true,
      roomAdmin: true,
    });
    expect(Math.abs((hostClaims.exp ?? 0) * 1000 - Date.parse(session.endsAt))).toBeLessThanOrEqual(2_000);

    const viewer = await join(student, session._id);
    expect(viewer.status).toBe(200);
    expect(viewer.body.role).toBe('viewer');
    const viewerClaims = await verifier.verify(viewer.body.token);
    expect(viewerClaims.sub).toBe(student._id);
    expect(viewerClaims.video).toMatchObject({
      room: `live-${session._id}`,
      canPublish: false,
      canSubscribe: true,
    });
    expect(viewerClaims.video?.roomAdmin).toBeFalsy();
    expect(viewerClaims.video?.roomCreate).toBeFalsy();

    for (const who of [outsider, admin]) {
      const refused = await join(who, session._id);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toMatch(/tutor and its students/);
    }
    expect((await join(undefined, session._id)).status).toBe(401);
    expect((await join(outsider, '0123456789abcdef01234567')).status).toBe(403);

    // The media server takes the token for the room it names, and not once it has expired.
    const validate = async (token: string) =>
      (await fetch(`${livekit.url}/rtc/validate?access_token=${encodeURIComponent(token)}`)).status;
    expect(await validate(viewer.body.token)).toBe(200);
    // Expired five minutes ago: past any leeway for clocks apart.
    const expired = new AccessToken(livekit.apiKey, livekit.apiSecret, { identity: student._id, ttl: -300 });
    expired.addGrant(viewerClaims.video ?? {});
    expect(await validate(await expired.toJwt())).toBe(401);
  });

  it('refuses a participant the host removed, and lets only the host remove', async () => {
    const session = await scheduled({ startsAt: startsIn(4) });
    const path = `/api/v1/live-sessions/${session._id}/participants/${student._id}`;
    expect((await stack.call('POST', `${path}/remove`, { as: student })).status).toBe(403);
    expect((await stack.call('POST', `${path}/remove`, { as: outsider })).status).toBe(404);
    const removed = await stack.call('POST', `${path}/remove`, { as: tutor });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    const again = await join(student, session._id);
    expect(again.status).toBe(403);
    expect(again.body.message).toBe('The host removed you from this live class');
    expect((await join(tutor, session._id)).status).toBe(200);
    // Letting someone speak needs them in the room.
    const speak = await stack.call('POST', `${path}/speak`, { as: tutor, body: { allowed: true } });
    expect(speak.status).toBe(404);
    expect((await stack.call('POST', `${path}/speak`, { as: tutor, body: { allowed: 'yes' } })).status).toBe(
      400,
    );
  });
});

describe('attendance from the media server’s webhooks', () => {
  it('counts signed joins and leaves once each, and refuses a forged webhook without changing anything', async () => {
    const session = await scheduled({ startsAt: startsIn(3) });
    const room = `live-${session._id}`;
    const joinedAt = new Date(Date.now() - 20 * MINUTE);
    const leftAt = new Date(joinedAt.getTime() + 12 * MINUTE);
    const who = { room, identity: student._id, name: student.username };
    const joined = {
      ...who,
      event: 'participant_joined' as const,
      id: `EV_${randomBytes(6).toString('hex')}`,
      at: joinedAt,
    };
    expect((await webhook(joined)).body).toEqual({ status: 'ok' });
    // Delivered again: counted once.
    expect((await webhook(joined)).body).toEqual({ status: 'duplicate' });
    const left = {
      ...who,
      event: 'participant_left' as const,
      id: `EV_${randomBytes(6).toString('hex')}`,
      at: leftAt,
    };
    expect((await webhook(left)).status).toBe(200);

    const attendance = () =>
      stack.call<{ attendees: LiveAttendee[]; message: string }>(
        'GET',
        `/api/v1/live-sessions/${session._id}/attendance`,
        { as: tutor },
      );
    const before = await attendance();
    expect(before.status).toBe(200);
    expect(before.body.attendees).toEqual([
      {
        userId: student._id,
        username: student.username,
        firstJoinedAt: joinedAt.toISOString().replace(/\.\d{3}Z$/, '.000Z'),
        lastLeftAt: leftAt.toISOString().replace(/\.\d{3}Z$/, '.000Z'),
        totalMinutes: 12,
        present: false,
      },
    ]);

    const forged = await webhook(
      { ...who, event: 'participant_joined', id: `EV_${randomBytes(6).toString('hex')}`, at: new Date() },
      randomBytes(32).toString('base64url'),
    );
    expect(forged.status).toBe(401);
    const unsigned = await stack.call('POST', '/api/v1/live-webhook', {
      raw: JSON.stringify({ event: 'participant_joined', id: 'EV_unsigned', room: { name: room } }),
      headers: { 'content-type': 'application/webhook+json' },
    });
    expect(unsigned.status).toBe(401);
    expect((await attendance()).body).toEqual(before.body);

    expect(
      (await stack.call('GET', `/api/v1/live-sessions/${session._id}/attendance`, { as: admin })).status,
    ).toBe(200);
    expect(
      (await stack.call('GET', `/api/v1/live-sessions/${session._id}/attendance`, { as: student })).status,
    ).toBe(403);
  });
});

describe('calendars', () => {
  it('gives a member a class’s calendar file with its time, title and room page', async () => {
    const session = await scheduled({ title: 'Calendar class', startsAt: startsIn(60 * 24) });
    const file = await stack.call<string>('GET', `/api/v1/live-sessions/${session._id}/calendar.ics`, {
      as: student,
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/^text\/calendar/);
    const event = new ICAL.Event(
      new ICAL.Component(ICAL.parse(file.body)).getFirstSubcomponent('vevent') as ICAL.Component,
    );
    expect(event.summary).toContain('Calendar class');
    expect(event.uid).toContain(session._id);
    // To the second, as calendars keep times.
    const toSecond = (iso: string) => Math.floor(Date.parse(iso) / 1000) * 1000;
    expect(event.startDate.toJSDate().getTime()).toBe(toSecond(session.startsAt));
    expect(event.endDate.toJSDate().getTime()).toBe(toSecond(session.endsAt));
    expect(String(event.component.getFirstPropertyValue('url'))).toMatch(new RegExp(`/live/${session._id}$`));
    expect(
      (await stack.call('GET', `/api/v1/live-sessions/${session._id}/calendar.ics`, { as: outsider })).status,
    ).toBe(404);
  });

  it('keeps a private feed of the member’s coming classes, and a new address stops the old one', async () => {
    const session = await scheduled({ title: 'Feed class', startsAt: startsIn(60 * 30) });
    const feed = await stack.call<{ url: string }>('GET', '/api/v1/calendar/feed', { as: student });
    expect(feed.status).toBe(200);
    const again = await stack.call<{ url: string }>('GET', '/api/v1/calendar/feed', { as: student });
    expect(again.body.url).toBe(feed.body.url);
    const path = (url: string) => new URL(url).pathname;
    expect(path(feed.body.url)).toMatch(/^\/api\/v1\/calendar\/[A-Za-z0-9_-]+\.ics$/);

    const read = await stack.call<string>('GET', path(feed.body.url));
    expect(read.status).toBe(200);
    const events = new ICAL.Component(ICAL.parse(read.body))
      .getAllSubcomponents('vevent')
      .map((vevent) => new ICAL.Event(vevent));
    expect(events.map((e) => e.uid).some((uid) => uid.includes(session._id))).toBe(true);

    const renewed = await stack.call<{ url: string }>('POST', '/api/v1/calendar/feed', { as: student });
    expect(renewed.status).toBe(200);
    expect(renewed.body.url).not.toBe(feed.body.url);
    expect((await stack.call('GET', path(feed.body.url))).status).toBe(404);
    expect((await stack.call('GET', path(renewed.body.url))).status).toBe(200);
    expect((await stack.call('GET', '/api/v1/calendar/feed')).status).toBe(401);
  });
});

describe('changing and cancelling', () => {
  it('moves a class and tells its students', async () => {
    const session = await scheduled({ title: 'To be moved', startsAt: startsIn(60 * 48) });
    const startsAt = startsIn(60 * 50);
    const moved = await stack.call<{ session: LiveSession }>('PUT', `/api/v1/live-sessions/${session._id}`, {
      as: tutor,
      body: { title: 'Moved', startsAt, durationMin: 60 },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.session).toMatchObject({ title: 'Moved', startsAt, durationMin: 60, description: '' });
    expect(
      (await stack.call('PUT', `/api/v1/live-sessions/${session._id}`, { as: student, body: body() })).status,
    ).toBe(403);
    const told = await eventually(async () => {
      const found = (await aboutSession(student, session._id)).filter((n) => n.kind === 'liveScheduled');
      return found.some((n) => /rescheduled/i.test(n.title)) ? found : undefined;
    });
    expect(told.length).toBeGreaterThanOrEqual(1);
  });

  it('cancels a class once, tells its students, and refuses joining and changing it after', async () => {
    const session = await scheduled({ title: 'To be cancelled', startsAt: startsIn(5) });
    expect((await stack.call('DELETE', `/api/v1/live-sessions/${session._id}`, { as: student })).status).toBe(
      403,
    );
    const cancelled = await stack.call('DELETE', `/api/v1/live-sessions/${session._id}`, { as: tutor });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toEqual({ message: 'Live session cancelled' });
    expect((await stack.call('DELETE', `/api/v1/live-sessions/${session._id}`, { as: tutor })).status).toBe(
      409,
    );
    const change = await stack.call('PUT', `/api/v1/live-sessions/${session._id}`, {
      as: tutor,
      body: body(),
    });
    expect(change.status).toBe(409);
    const refused = await join(student, session._id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This live class was cancelled');
    expect((await readSession(student, session._id)).body.session.state).toBe('cancelled');
    await eventually(async () => {
      const told = await aboutSession(student, session._id);
      return told.some((n) => n.kind === 'liveCancelled') ? true : undefined;
    });
  });

  it('names a recording only once the class has started', async () => {
    const session = await scheduled({ startsAt: startsIn(45) });
    const early = await stack.call('PUT', `/api/v1/live-sessions/${session._id}/recording`, {
      as: tutor,
      body: { videoId: '0123456789abcdef01234567', itemId: '0123456789abcdef01234568' },
    });
    expect(early.status).toBe(409);
  });
});

describe('reminders', () => {
  it('sends a class starting in five minutes exactly one ten-minute reminder, however many sweeps run at once', async () => {
    const session = await scheduled({ title: 'Soon', startsAt: startsIn(5) });
    await Promise.all([
      sendDueReminders(live.app.db, live.app.outbox, new Date()),
      sendDueReminders(live.app.db, live.app.outbox, new Date()),
    ]);
    await sendDueReminders(live.app.db, live.app.outbox, new Date());
    const reminded = (user: Session) =>
      eventually(async () => {
        const found = (await aboutSession(user, session._id)).filter((n) => n.kind === 'liveReminder');
        return found.length > 0 ? found : undefined;
      });
    await reminded(student);
    await reminded(tutor);
    // Time for a second event, had one been sent, to arrive.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const told = (await aboutSession(student, session._id)).filter((n) => n.kind === 'liveReminder');
    expect(told).toHaveLength(1);
    expect(told[0]?.title).toMatch(/minute/);
    const stored = await live.app.db.collection('sessions').findOne({ title: 'Soon' });
    expect(stored?.remindedLeads).toEqual(expect.arrayContaining(['24h', '10min']));
  });
});
