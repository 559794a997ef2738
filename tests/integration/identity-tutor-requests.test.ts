import type { ResponseOf, TutorRequest } from '@liveedu/api-client';
import type { IdentityUserUpdated } from '@liveedu/contracts';
import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishedEvent } from '../support/events.ts';
import { formWith, JPEG, PNG } from '../support/identity-fixtures.ts';
import { type IdentityStack, startIdentityStack } from '../support/platform.ts';
import { type Session, withAdmin } from '../support/stack.ts';

let stack: IdentityStack;
let admin: Session;
beforeAll(async () => {
  ({ stack, admin } = await withAdmin(startIdentityStack()));
});
afterAll(() => stack?.close());

async function requestOf(userId: string): Promise<TutorRequest | undefined> {
  const list = await stack.call<ResponseOf<'/api/v1/getTutorRequests', 'get'>>(
    'GET',
    '/api/v1/getTutorRequests',
    { as: admin },
  );
  expect(list.status).toBe(200);
  return list.body.data.find((request) => request.user._id === userId);
}

const decide = (id: string, option: string, as = admin) =>
  stack.call('PUT', '/api/v1/acceptTutorRequest', { as, body: { option, id } });

const applyWith = (as: Session, ytLink: string) =>
  stack.call('POST', '/api/v1/tutor-request-ytlink', { as, body: { ytLink } });

const statusOf = async (user: Session) =>
  (await stack.call<ResponseOf<'/api/v1/getUserData', 'get'>>('GET', '/api/v1/getUserData', { as: user }))
    .body;

describe('applying to become a tutor', () => {
  it('takes a channel link, puts the application under review and refuses a second one', async () => {
    const user = await stack.newUser('yt');
    const response = await applyWith(user, 'https://www.youtube.com/@my-channel');
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ message: 'Your application to become a tutor has been submitted' });
    expect(await statusOf(user)).toMatchObject({ stausOfPage: 'in progress', role: 'student' });
    const event = await publishedEvent<IdentityUserUpdated>(
      stack.identity,
      'identity',
      (e) => e.type === 'identity.user.updated' && (e as IdentityUserUpdated).data.userId === user._id,
      'the status event',
    );
    expect(event.data).toMatchObject({ stausOfPage: 'in progress', changed: ['stausOfPage'] });

    const again = await applyWith(user, 'https://www.youtube.com/@other');
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'Your application to become a tutor is already under review' });
    const withFile = await stack.call('POST', '/api/v1/tutor-request', {
      as: user,
      raw: formWith('file', PNG, 'resume.png', 'image/png'),
    });
    expect(withFile.status).toBe(409);

    const listed = await requestOf(user._id);
    expect(listed).toEqual({
      _id: user._id,
      user: {
        _id: user._id,
        avatar: '',
        username: user.username,
        email: user.email,
        stausOfPage: 'in progress',
      },
      ytLink: 'https://www.youtube.com/@my-channel',
    });
  });

  it('needs at least one field and an http(s) link', async () => {
    const user = await stack.newUser('empty');
    for (const body of [{}, { ytLink: '' }, { ytLink: '   ' }]) {
      const response = await stack.call('POST', '/api/v1/tutor-request-ytlink', { as: user, body });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: 'Please fill atleast one field' });
    }
    for (const ytLink of ['youtube.com/@me', 'javascript:alert(1)', 'ftp://example.com/x']) {
      const response = await applyWith(user, ytLink);
      expect(response.status, ytLink).toBe(400);
      expect(response.body).toEqual({
        message: 'Please enter a valid link starting with http:// or https://',
      });
    }
    const form = new FormData();
    form.append('ytLink', 'not a file');
    const noFile = await stack.call('POST', '/api/v1/tutor-request', { as: user, raw: form });
    expect(noFile.status).toBe(400);
    expect(noFile.body).toEqual({ message: 'Please fill atleast one field' });
    expect(await statusOf(user)).toMatchObject({ stausOfPage: 'none' });
  });

  it('keeps a resume image privately; the admin gets a short-lived link to it', async () => {
    const user = await stack.newUser('resume');
    const response = await stack.call('POST', '/api/v1/tutor-request', {
      as: user,
      raw: formWith('file', JPEG, 'my resume.jpg', 'image/jpeg'),
    });
    expect(response.status).toBe(201);
    const listed = await requestOf(user._id);
    expect(listed?.ytLink).toBeUndefined();
    const link = listed?.resume as string;
    expect(link).toMatch(/X-Amz-Expires=600/);
    const signed = await fetch(link);
    expect(signed.status).toBe(200);
    // The resume written again: a JPEG (its SOI marker), none of the upload's other bytes kept.
    expect(Buffer.from(await signed.arrayBuffer()).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    // Without the signature the private bucket refuses.
    const unsigned = await fetch(link.split('?')[0] as string);
    expect(unsigned.status).toBe(403);
  });

  it('refuses a resume that is not an image, one too large, and anonymous callers', async () => {
    const user = await stack.newUser('badfile');
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
    const notImage = await stack.call('POST', '/api/v1/tutor-request', {
      as: user,
      raw: formWith('file', pdf, 'resume.png', 'image/png'),
    });
    expect(notImage.status).toBe(400);
    expect(notImage.body).toEqual({ message: 'Please upload your resume as a png, jpeg or webp image' });
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 10, 7)]);
    const tooBig = await stack.call('POST', '/api/v1/tutor-request', {
      as: user,
      raw: formWith('file', big, 'resume.png', 'image/png'),
    });
    expect(tooBig.status).toBe(413);
    expect(await statusOf(user)).toMatchObject({ stausOfPage: 'none' });
    const stored = await (await stack.identity.app.storage.client())
      .listObjectsV2(stack.identity.app.storage.bucket('resumes'), '', true)
      .toArray();
    const keys = (
      await stack.identity.app.db
        .collection('users')
        .find({ resumeKey: { $exists: true } })
        .toArray()
    ).map((u) => u.resumeKey);
    expect(stored.map((object) => object.name).sort()).toEqual(keys.sort());

    const anonymous = await stack.call('POST', '/api/v1/tutor-request-ytlink', {
      body: { ytLink: 'https://youtube.com/@x' },
    });
    expect(anonymous.status).toBe(401);
    const anonymousFile = await stack.call('POST', '/api/v1/tutor-request', {
      raw: formWith('file', PNG, 'r.png', 'image/png'),
    });
    expect(anonymousFile.status).toBe(401);
  });
});

describe('deciding applications', () => {
  it('accepting makes the user a tutor at once, without logging in again', async () => {
    const user = await stack.newUser('approve');
    await applyWith(user, 'https://youtu.be/abc');
    // As a student the tutor-only calls are refused.
    const before = await stack.call('GET', '/api/v1/get-tutors-courses', { as: user });
    expect(before.status).toBe(403);

    const accepted = await decide(user._id, 'accept');
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ message: 'Tutor request accepted' });
    expect(await statusOf(user)).toMatchObject({ role: 'tutor', stausOfPage: 'accept' });
    // The same token now passes the gateway's tutor check (catalog does not run here, hence 503).
    const after = await stack.call('GET', '/api/v1/get-tutors-courses', { as: user });
    expect(after.status).toBe(503);
    expect((await requestOf(user._id))?.user.stausOfPage).toBe('accept');
    const event = await publishedEvent<IdentityUserUpdated>(
      stack.identity,
      'identity',
      (e) =>
        e.type === 'identity.user.updated' &&
        (e as IdentityUserUpdated).data.userId === user._id &&
        (e as IdentityUserUpdated).data.changed.includes('role'),
      'the role event',
    );
    expect(event.data).toMatchObject({ role: 'tutor', stausOfPage: 'accept' });

    const undo = await decide(user._id, 'reject');
    expect(undo.status).toBe(409);
    const reapply = await applyWith(user, 'https://youtu.be/again');
    expect(reapply.status).toBe(409);
    expect(reapply.body).toEqual({ message: 'You are already a tutor' });
  });

  it('after a rejection a new application is accepted only 60 days later', async () => {
    const user = await stack.newUser('reject');
    await stack.call('POST', '/api/v1/tutor-request', {
      as: user,
      raw: formWith('file', PNG, 'r.png', 'image/png'),
    });
    const rejected = await decide(user._id, 'reject');
    expect(rejected.status).toBe(200);
    expect(rejected.body).toEqual({ message: 'Tutor request rejected' });
    expect(await statusOf(user)).toMatchObject({ role: 'student', stausOfPage: 'reject' });

    const tooSoon = await applyWith(user, 'https://youtu.be/soon');
    expect(tooSoon.status).toBe(400);
    expect(String((tooSoon.body as { message: string }).message)).toMatch(
      /^Your application was rejected\. You can apply again after 60 days, on \d{1,2} [A-Z][a-z]+ \d{4}\.$/,
    );

    const users = stack.identity.app.db.collection('users');
    const day = 24 * 60 * 60 * 1000;
    await users.updateOne(
      { _id: new ObjectId(user._id) },
      { $set: { decidedAt: new Date(Date.now() - 59 * day) } },
    );
    const stillSoon = await stack.call('POST', '/api/v1/tutor-request', {
      as: user,
      raw: formWith('file', PNG, 'r.png', 'image/png'),
    });
    expect(stillSoon.status).toBe(400);

    await users.updateOne(
      { _id: new ObjectId(user._id) },
      { $set: { decidedAt: new Date(Date.now() - 61 * day) } },
    );
    const later = await applyWith(user, 'https://youtu.be/later');
    expect(later.status).toBe(201);
    const listed = await requestOf(user._id);
    // The new application replaces the old one, resume included.
    expect(listed).toMatchObject({ ytLink: 'https://youtu.be/later', user: { stausOfPage: 'in progress' } });
    expect(listed?.resume).toBeUndefined();

    const backToReview = await decide(user._id, 'in progress');
    expect(backToReview.status).toBe(200);
    expect(await statusOf(user)).toMatchObject({ stausOfPage: 'in progress' });
  });

  it('checks the option and the id', async () => {
    const user = await stack.newUser('opts');
    const neverApplied = await decide(user._id, 'accept');
    expect(neverApplied.status).toBe(404);
    expect(neverApplied.body).toEqual({ message: 'Tutor request not found' });
    const unknown = await decide(new ObjectId().toHexString(), 'accept');
    expect(unknown.status).toBe(404);
    await applyWith(user, 'https://youtu.be/x');
    const badOption = await decide(user._id, 'approve');
    expect(badOption.status).toBe(400);
    expect(badOption.body).toEqual({ message: 'Status must be one of in progress, accept or reject' });
    const badId = await decide('not-an-id', 'accept');
    expect(badId.status).toBe(400);
    expect(await statusOf(user)).toMatchObject({ role: 'student', stausOfPage: 'in progress' });
  });

  it('is for the admin only', async () => {
    const student = await stack.newUser('nosy');
    await applyWith(student, 'https://youtu.be/x');
    const list = await stack.call('GET', '/api/v1/getTutorRequests', { as: student });
    expect(list.status).toBe(403);
    const self = await decide(student._id, 'accept', student);
    expect(self.status).toBe(403);
    expect(await statusOf(student)).toMatchObject({ role: 'student' });
    expect((await stack.call('GET', '/api/v1/getTutorRequests')).status).toBe(401);
    expect(
      (await stack.call('PUT', '/api/v1/acceptTutorRequest', { body: { option: 'accept', id: student._id } }))
        .status,
    ).toBe(401);
  });
});
