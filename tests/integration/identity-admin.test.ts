import type { ResponseOf } from '@liveedu/api-client';
import type { IdentityUserDeleted } from '@liveedu/contracts';
import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishedEvent } from '../support/events.ts';
import { acceptedApplication, readOk } from '../support/flows.ts';
import { type IdentityStack, startIdentityStack } from '../support/platform.ts';
import { type Session, withAdmin } from '../support/stack.ts';

let stack: IdentityStack;
let admin: Session;
beforeAll(async () => {
  ({ stack, admin } = await withAdmin(startIdentityStack()));
});
afterAll(() => stack?.close());

const count = async (what: string) => {
  const response = await stack.call<ResponseOf<'/api/v1/count-users', 'get'>>('GET', `/api/v1/${what}`, {
    as: admin,
  });
  expect(response.status).toBe(200);
  return response.body.count;
};

const DAY = 24 * 60 * 60 * 1000;
const kolkataDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(at);

/** Moves a user's sign-up back in time, calendar keys included, as if they had joined then. */
async function joinedAt(user: Session, at: Date) {
  const day = kolkataDay(at);
  await stack.identity.app.db
    .collection('users')
    .updateOne({ _id: new ObjectId(user._id) }, { $set: { createdAt: at, day, month: day.slice(0, 7) } });
}

describe('admin calls are for the admin only', () => {
  const calls: [string, string][] = [
    ['GET', '/api/v1/count-users'],
    ['GET', '/api/v1/count-students'],
    ['GET', '/api/v1/count-tutors'],
    ['GET', '/api/v1/new-users'],
    ['GET', '/api/v1/all-users?page=1'],
    ['GET', '/api/v1/user-signups'],
    ['GET', '/api/v1/new-users-per-month'],
    ['GET', '/api/v1/getTutorRequests'],
    ['DELETE', `/api/v1/delete-user/${new ObjectId().toHexString()}`],
  ];

  it('answers 403 to a student and 401 to a visitor', async () => {
    const student = await stack.newUser('student');
    for (const [method, path] of calls) {
      const asStudent = await stack.call(method, path, { as: student });
      expect(asStudent.status, `${method} ${path}`).toBe(403);
      expect(asStudent.body).toEqual({ message: 'You are not allowed to do this' });
      const anonymous = await stack.call(method, path);
      expect(anonymous.status, `${method} ${path}`).toBe(401);
    }
  });

  it('answers 403 to a tutor too', async () => {
    const tutor = await stack.newUser('tutor');
    await acceptedApplication(stack, admin, tutor);
    const response = await stack.call('GET', '/api/v1/count-users', { as: tutor });
    expect(response.status).toBe(403);
  });
});

describe('counts, newest users and pages', () => {
  it('counts students and tutors, never the admin', async () => {
    const [users, students, tutors] = [
      await count('count-users'),
      await count('count-students'),
      await count('count-tutors'),
    ];
    expect(users).toBe(students + tutors);
    const a = await stack.newUser('counted');
    await stack.newUser('counted');
    await acceptedApplication(stack, admin, a);
    expect(await count('count-users')).toBe(users + 2);
    expect(await count('count-students')).toBe(students + 1);
    expect(await count('count-tutors')).toBe(tutors + 1);
  });

  it('lists the five newest users without secrets', async () => {
    const made: Session[] = [];
    for (let i = 0; i < 6; i += 1) made.push(await stack.newUser('newest'));
    const response = await stack.call<ResponseOf<'/api/v1/new-users', 'get'>>('GET', '/api/v1/new-users', {
      as: admin,
    });
    expect(response.status).toBe(200);
    expect(response.body.map((user) => user.username)).toEqual(
      made
        .slice(1)
        .reverse()
        .map((user) => user.username),
    );
    expect(response.body[0]).toMatchObject({
      _id: made[5]?._id,
      email: made[5]?.email,
      role: 'student',
      avatar: '',
    });
    expect(JSON.stringify(response.body)).not.toMatch(/password|Hash|_outbox/i);
  });

  it('pages through all users seven at a time, newest first; past the last page the list is empty', async () => {
    const total = await count('count-users');
    const pages = Math.ceil(total / 7);
    expect(pages).toBeGreaterThan(1);
    const seen: string[] = [];
    for (let page = 1; page <= pages; page += 1) {
      const response = await stack.call<ResponseOf<'/api/v1/all-users', 'get'>>(
        'GET',
        `/api/v1/all-users?page=${page}`,
        { as: admin },
      );
      expect(response.status).toBe(200);
      expect(response.body.count).toBe(total);
      expect(response.body.allUsers.length).toBe(page < pages ? 7 : total - 7 * (pages - 1));
      seen.push(...response.body.allUsers.map((user) => user._id));
    }
    expect(new Set(seen).size).toBe(total);
    expect(seen).not.toContain(admin._id);
    const first = await stack.call<ResponseOf<'/api/v1/all-users', 'get'>>('GET', '/api/v1/all-users', {
      as: admin,
    });
    expect(first.body.allUsers.map((user) => user._id)).toEqual(seen.slice(0, 7));

    const past = await stack.call('GET', `/api/v1/all-users?page=${pages + 1}`, { as: admin });
    expect(past.status).toBe(200);
    expect(past.body).toEqual({ allUsers: [], count: total, total, page: pages + 1, pages });
    for (const bad of ['0', '-1', 'abc', '1.5']) {
      const response = await stack.call('GET', `/api/v1/all-users?page=${bad}`, { as: admin });
      expect(response.status, bad).toBe(400);
      expect(response.body).toEqual({ message: 'page must be a whole number from 1' });
    }
  });
});

describe('delete-user', () => {
  it('locks the user out at once, frees the name and tells other services', async () => {
    const user = await stack.newUser('doomed');
    expect((await stack.call('GET', '/api/v1/getUserData', { as: user })).status).toBe(200);
    const before = await count('count-users');

    const deleted = await stack.call('DELETE', `/api/v1/delete-user/${user._id}`, { as: admin });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'User deleted successfully' });

    const locked = await stack.call('GET', '/api/v1/getUserData', { as: user });
    expect(locked.status).toBe(401);
    expect(locked.body).toEqual({ message: 'Your account no longer exists' });
    const login = await stack.call('POST', '/api/v1/login', {
      body: { username: user.username, password: user.password },
    });
    expect(login.status).toBe(401);
    expect(await count('count-users')).toBe(before - 1);
    const all = await stack.call<ResponseOf<'/api/v1/all-users', 'get'>>('GET', '/api/v1/all-users?page=1', {
      as: admin,
    });
    expect(all.body.allUsers.map((u) => u._id)).not.toContain(user._id);

    const event = await publishedEvent<IdentityUserDeleted>(
      stack.identity,
      'identity',
      (e) => e.type === 'identity.user.deleted' && (e as IdentityUserDeleted).data.userId === user._id,
      'identity.user.deleted',
    );
    expect(event.data).toEqual({ userId: user._id, username: user.username });

    // The name and the address may be used by a new account.
    const again = await stack.call('POST', '/api/v1/user-signUp', {
      body: { username: user.username, email: user.email, password: 'a fresh start' },
    });
    expect(again.status).toBe(201);
    const fresh = await stack.login(user.username, 'a fresh start');
    expect(fresh._id).not.toBe(user._id);

    const twice = await stack.call('DELETE', `/api/v1/delete-user/${user._id}`, { as: admin });
    expect(twice.status).toBe(404);
  });

  it('does not delete the admin, an unknown user or a malformed id', async () => {
    const self = await stack.call('DELETE', `/api/v1/delete-user/${admin._id}`, { as: admin });
    expect(self.status).toBe(403);
    expect(self.body).toEqual({ message: 'The admin account cannot be deleted' });
    expect((await stack.call('GET', '/api/v1/count-users', { as: admin })).status).toBe(200);
    const unknown = await stack.call('DELETE', `/api/v1/delete-user/${new ObjectId().toHexString()}`, {
      as: admin,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'User not found' });
    const malformed = await stack.call('DELETE', '/api/v1/delete-user/42', { as: admin });
    expect(malformed.status).toBe(400);
  });
});

describe('sign-up charts', () => {
  it('counts sign-ups on each of the last 28 days and each of the last 12 months, zeros included', async () => {
    const now = new Date();
    const recent = await stack.newUser('chart');
    const older = await stack.newUser('chart');
    const outOfRange = await stack.newUser('chart');
    const ancient = await stack.newUser('chart');
    const gone = await stack.newUser('chart');
    await joinedAt(recent, new Date(now.getTime() - 3 * DAY));
    await joinedAt(older, new Date(now.getTime() - 27 * DAY));
    await joinedAt(outOfRange, new Date(now.getTime() - 28 * DAY));
    await joinedAt(ancient, new Date(now.getTime() - 400 * DAY));
    await joinedAt(gone, new Date(now.getTime() - 3 * DAY));
    await stack.call('DELETE', `/api/v1/delete-user/${gone._id}`, { as: admin });

    const users = await stack.call<ResponseOf<'/api/v1/all-users', 'get'>>(
      'GET',
      '/api/v1/all-users?page=1',
      {
        as: admin,
      },
    );
    const total = users.body.count;

    type Daily = ResponseOf<'/api/v1/user-signups', 'get'>;
    const { dates, userCounts } = await readOk<Daily>(stack, '/api/v1/user-signups', admin);
    expect(dates).toHaveLength(28);
    expect(userCounts).toHaveLength(28);
    expect(dates[27]).toBe(kolkataDay(now));
    expect(dates[0]).toBe(kolkataDay(new Date(now.getTime() - 27 * DAY)));
    const on = (at: Date) => userCounts[dates.indexOf(kolkataDay(at))];
    expect(on(new Date(now.getTime() - 3 * DAY))).toBe(1);
    expect(on(new Date(now.getTime() - 27 * DAY))).toBe(1);
    expect(userCounts.filter((n) => n === 0).length).toBeGreaterThan(20);
    // Everyone else signed up today; the admin, the deleted user and older sign-ups are not counted.
    expect(userCounts[27]).toBe(total - 4);
    expect(userCounts.reduce((a, b) => a + b, 0)).toBe(total - 2);

    type Monthly = ResponseOf<'/api/v1/new-users-per-month', 'get'>;
    const monthly = await readOk<Monthly>(stack, '/api/v1/new-users-per-month', admin);
    expect(monthly.months).toHaveLength(12);
    expect(monthly.userCounts).toHaveLength(12);
    expect(monthly.months[11]).toBe(kolkataDay(now).slice(0, 7));
    expect(monthly.months.every((m) => /^\d{4}-\d{2}$/.test(m))).toBe(true);
    expect(new Set(monthly.months).size).toBe(12);
    // Only the sign-up from 400 days ago falls outside the last 12 months.
    expect(monthly.userCounts.reduce((a, b) => a + b, 0)).toBe(total - 1);
  });
});
