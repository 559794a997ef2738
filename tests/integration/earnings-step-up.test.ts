import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GatewayConfig } from '@liveedu/gateway';
import { createSigner } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysAgo, newTutor, PAST_THE_HOLD_DAYS, publishPaymentSucceeded } from '../support/flows.ts';
import { mailsTo } from '../support/mail.ts';
import { EARNINGS_SERVICES } from '../support/platform.ts';
import { eventually, type Session, startTestStack, type TestStack } from '../support/stack.ts';

// Money moves (bank details, withdrawals) only for someone who typed the password lately: within
// ten minutes of logging in, or with the current password sent along, which identity checks.

let stack: TestStack;
let jwtSecret = '';
let dataDir = '';
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'liveedu-step-up-'));
  stack = await startTestStack({
    services: EARNINGS_SERVICES,
    env: { DATA_DIR: dataDir, SMTP_URL: '' },
    gateway: (config: GatewayConfig) => {
      jwtSecret = config.jwtSecret;
    },
  });
});
afterAll(async () => {
  await stack?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const BANK = {
  fullName: 'Priya Tutor',
  accountNumber: '123456789012',
  nameOfBank: 'State Bank',
  ifsc: 'SBIN0001234',
};

/** The same session's token as if its log-in had been `minutes` ago. */
function loggedInAgo(session: Session, minutes: number): Session {
  const claims = JSON.parse(Buffer.from(session.token.split('.')[1]!, 'base64url').toString()) as Record<
    string,
    unknown
  >;
  const iat = Math.floor(Date.now() / 1000) - minutes * 60;
  const { exp: _exp, iat: _iat, ...rest } = claims;
  const token = createSigner({ key: jwtSecret, expiresIn: 7 * 86_400_000 })({ ...rest, iat });
  return { ...session, token };
}

describe('step-up before money moves', () => {
  it('takes bank details within ten minutes of logging in, and asks for the password after', async () => {
    const tutor = await newTutor(stack, 'stepup');
    const fresh = await stack.call('POST', '/api/v1/submit-account-details', { as: tutor, body: BANK });
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);

    const stale = loggedInAgo(tutor, 11);
    const asked = await stack.call('POST', '/api/v1/submit-account-details', { as: stale, body: BANK });
    expect(asked).toMatchObject({
      status: 403,
      body: { message: 'Please confirm your current password: you logged in more than 10 minutes ago' },
    });
    const wrong = await stack.call('POST', '/api/v1/submit-account-details', {
      as: stale,
      body: { ...BANK, currPass: 'not the password' },
    });
    expect(wrong).toMatchObject({ status: 403, body: { message: 'Your current password is incorrect' } });
    const confirmed = await stack.call('POST', '/api/v1/submit-account-details', {
      as: stale,
      body: { ...BANK, currPass: tutor.password },
    });
    expect(confirmed.status).toBe(200);
  });

  it('asks for the password before a withdrawal on an old log-in, before anything else', async () => {
    const tutor = await newTutor(stack, 'stepupw');
    const stale = loggedInAgo(tutor, 30);
    const asked = await stack.call('POST', '/api/v1/withdraw-request', { as: stale, body: {} });
    expect(asked.status).toBe(403);
    // With the password it goes on to the usual rules (no bank details yet).
    const checked = await stack.call('POST', '/api/v1/withdraw-request', {
      as: stale,
      body: { currPass: tutor.password },
    });
    expect(checked.status).toBe(400);
    // A fresh log-in needs none.
    expect((await stack.call('POST', '/api/v1/withdraw-request', { as: tutor, body: {} })).status).toBe(400);
  });

  it('mails the tutor each time the payout account is set or changed, naming only its last digits', async () => {
    const tutor = await newTutor(stack, 'mailed');
    const email = `${tutor.username}@example.com`;
    for (const accountNumber of ['123456789012', '987654321098']) {
      const saved = await stack.call('POST', '/api/v1/submit-account-details', {
        as: tutor,
        body: { ...BANK, accountNumber },
      });
      expect(saved.status).toBe(200);
    }
    const mails = await eventually(
      async () => {
        const found = await mailsTo(dataDir, email);
        return found.length >= 2 ? found : undefined;
      },
      10_000,
      'the payout account mails',
    );
    expect(mails).toHaveLength(2);
    expect(mails[0]).toMatch(/Subject: Your LiveEdu payout account was changed/);
    expect(mails[0]).toContain('ending\n9012 at State Bank');
    expect(mails[1]).toContain('1098 at State Bank');
    expect(mails.join('\n')).not.toContain('123456789012');
  });

  it('mails the tutor when a withdrawal is requested and again when it is paid, once each', async () => {
    const tutor = await newTutor(stack, 'payout');
    const email = `${tutor.username}@example.com`;
    await stack.call('POST', '/api/v1/submit-account-details', { as: tutor, body: BANK });
    await publishPaymentSucceeded(stack.services.earnings, {
      tutorId: tutor._id,
      amountPaise: 187_500,
      paidAt: daysAgo(PAST_THE_HOLD_DAYS),
    });
    await eventually(
      async () => {
        const response = await stack.call<{ earnings: number }>('GET', '/api/v1/get-available-balance', {
          as: tutor,
        });
        return response.body.earnings === 1500 ? true : undefined;
      },
      15_000,
      'the credit',
    );
    expect(
      (await stack.call('POST', '/api/v1/withdraw-request', { as: tutor, body: { amount: 1 } })).status,
    ).toBe(201);
    const requested = await eventually(
      async () =>
        (await mailsTo(dataDir, email)).find((m) => /Subject: Your LiveEdu withdrawal was requested/.test(m)),
      10_000,
      'the withdrawal request mail',
    );
    expect(requested).toContain('₹1,500.00');

    const admin = await stack.loginAdmin();
    const [withdrawal] = (
      await stack.call<{ withdrawals: { _id: string }[] }>('GET', '/api/v1/user-withdrawals', { as: tutor })
    ).body.withdrawals;
    const paid = await stack.call('PUT', `/api/v1/confirm-withdrawlRequest/${withdrawal!._id}`, {
      as: admin,
      body: { status: 'Success' },
    });
    expect(paid.status).toBe(200);
    const mails = await eventually(
      async () => {
        const found = await mailsTo(dataDir, email);
        return found.some((m) => /was paid/.test(m)) ? found : undefined;
      },
      10_000,
      'the paid mail',
    );
    const paidMails = mails.filter((m) => /Subject: Your LiveEdu withdrawal was paid/.test(m));
    expect(paidMails).toHaveLength(1);
    expect(paidMails[0]).toContain('₹1,500.00 was paid into your bank account');
    expect(mails.filter((m) => /was requested/.test(m))).toHaveLength(1);
  });
});
