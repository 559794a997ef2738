import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { identityService } from '@liveedu/identity';
import type { Service } from '@liveedu/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo as mailsToIn } from '../support/mail.ts';
import { eventually, type Session, startTestStack, type TestStack } from '../support/stack.ts';

const PUBLIC_URL = 'https://liveedu.example';
const SENT = 'If an account with this email exists, we have sent it a link to reset the password.';
const BAD_TOKEN = 'This password reset link is invalid or has expired. Please request a new one.';

let stack: TestStack;
let identity: Service;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'liveedu-mail-'));
  stack = await startTestStack({
    services: { identity: identityService },
    env: { SEED_DEMO: '0', DATA_DIR: dataDir, PUBLIC_URL, SMTP_URL: '' },
  });
  identity = stack.services.identity as Service;
});
afterAll(async () => {
  await stack?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const mailsTo = (email: string) => mailsToIn(dataDir, email);

/** Asks for a reset link and returns the token of the newest mail it produced. */
async function requestReset(user: Session): Promise<string> {
  const before = (await mailsTo(user.email)).length;
  const response = await stack.call('POST', '/api/v1/forgot-password', {
    body: { email: user.email.toUpperCase() },
  });
  expect(response.status).toBe(200);
  expect(response.body).toEqual({ message: SENT });
  const mail = await eventually(
    async () => {
      const mails = await mailsTo(user.email);
      return mails.length > before ? mails[mails.length - 1] : undefined;
    },
    10_000,
    'the reset mail',
  );
  const link = mail.match(/^(https:\/\/\S+)$/m)?.[1];
  expect(link).toBeDefined();
  expect(link?.startsWith(`${PUBLIC_URL}/reset-password/`)).toBe(true);
  return (link as string).slice(`${PUBLIC_URL}/reset-password/`.length);
}

describe('forgot-password and reset-password', () => {
  it('mails a link whose token sets a new password once; the user logs in with it', async () => {
    const user = await stack.newUser('forgot');
    const token = await requestReset(user);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Only a hash of the token is stored.
    const stored = await identity.app.db.collection('users').findOne({ username: user.username });
    expect(stored?.resetTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token);

    const reset = await stack.call('POST', `/api/v1/reset-password/${token}`, {
      body: { newPass: 'my new password', confirmPass: 'my new password' },
    });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({
      message: 'Your password has been reset. You can log in with the new password now.',
    });
    await stack.login(user.username, 'my new password');
    const old = await stack.call('POST', '/api/v1/login', {
      body: { username: user.username, password: user.password },
    });
    expect(old.status).toBe(401);

    const again = await stack.call('POST', `/api/v1/reset-password/${token}`, {
      body: { newPass: 'a third password', confirmPass: 'a third password' },
    });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: BAD_TOKEN });
    await stack.login(user.username, 'my new password');
  });

  it('answers an unknown email exactly as a known one, and sends nothing', async () => {
    const response = await stack.call('POST', '/api/v1/forgot-password', {
      body: { email: 'nobody@nowhere.example' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: SENT });
    const empty = await stack.call('POST', '/api/v1/forgot-password', { body: { email: '  ' } });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ message: 'Email is required' });
    const missing = await stack.call('POST', '/api/v1/forgot-password', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ message: 'Email is required' });
    expect(await mailsTo('nobody@nowhere.example')).toEqual([]);
  });

  it('refuses an unknown, malformed or expired token, and a new link replaces the old one', async () => {
    const user = await stack.newUser('expired');
    const body = { newPass: 'never applied', confirmPass: 'never applied' };
    for (const token of ['A'.repeat(43), 'short', `${'x'.repeat(42)}!`]) {
      const response = await stack.call('POST', `/api/v1/reset-password/${token}`, { body });
      expect(response.status, token).toBe(400);
      expect(response.body).toEqual({ message: BAD_TOKEN });
    }

    const first = await requestReset(user);
    const second = await requestReset(user);
    const replaced = await stack.call('POST', `/api/v1/reset-password/${first}`, { body });
    expect(replaced.status).toBe(400);
    expect(replaced.body).toEqual({ message: BAD_TOKEN });

    // An hour and a second later the link no longer works.
    await identity.app.db
      .collection('users')
      .updateOne({ username: user.username }, { $set: { resetExpiresAt: new Date(Date.now() - 1000) } });
    const expired = await stack.call('POST', `/api/v1/reset-password/${second}`, { body });
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual({ message: BAD_TOKEN });
    await stack.login(user.username, user.password);
  });

  it('checks the new password and keeps the token usable after a mistake', async () => {
    const user = await stack.newUser('mistake');
    const token = await requestReset(user);
    const cases: [Record<string, string>, string][] = [
      [{ newPass: '', confirmPass: '' }, 'All fields are required'],
      [{ newPass: 'long enough pw' }, 'All fields are required'],
      [
        { newPass: 'long enough pw', confirmPass: 'long enough pX' },
        'New password and confirm password do not match',
      ],
      [{ newPass: 'short', confirmPass: 'short' }, 'Password must be at least 8 characters'],
    ];
    for (const [body, message] of cases) {
      const response = await stack.call('POST', `/api/v1/reset-password/${token}`, { body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body).toEqual({ message });
    }
    const ok = await stack.call('POST', `/api/v1/reset-password/${token}`, {
      body: { newPass: 'finally right', confirmPass: 'finally right' },
    });
    expect(ok.status).toBe(200);
    await stack.login(user.username, 'finally right');
  });

  it('limits requests per email address', async () => {
    const email = 'flood-target@example.com';
    const answers: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await stack.call('POST', '/api/v1/forgot-password', { body: { email } });
      answers.push(response.status);
      if (response.status === 429)
        expect(String((response.body as { message: string }).message)).toMatch(/Too many/);
    }
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
    // Another address is not affected.
    const other = await stack.call('POST', '/api/v1/forgot-password', {
      body: { email: 'someone-else@example.com' },
    });
    expect(other.status).toBe(200);
  });
});
