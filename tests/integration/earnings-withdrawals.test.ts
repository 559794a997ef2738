import type { BankDetails, ResponseOf } from '@liveedu/api-client';
import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysAgo, newTutor, PAST_THE_HOLD_DAYS, publishPaymentSucceeded, readOk } from '../support/flows.ts';
import { EARNINGS_SERVICES } from '../support/platform.ts';
import { eventually, type Session, startTestStack, type TestStack, withAdmin } from '../support/stack.ts';

let stack: TestStack;
let admin: Session;
beforeAll(async () => {
  ({ stack, admin } = await withAdmin(startTestStack({ services: EARNINGS_SERVICES })));
});
afterAll(() => stack?.close());

const BANK: BankDetails = {
  fullName: 'Kavya Iyer',
  accountNumber: '001234567890',
  nameOfBank: 'Canara Bank',
  ifsc: 'CNRB0001234',
};
const TOO_LOW = 'Balance should be above 1000 to get withdrawl.';

/**
 * What the payments service publishes once a payment is verified, paid long enough ago to be past
 * the payout hold (earnings-commerce.test.ts tests the hold itself).
 */
const pay = (tutor: Session, amountPaise: number) =>
  publishPaymentSucceeded(stack.services.earnings, {
    tutorId: tutor._id,
    amountPaise,
    paidAt: daysAgo(PAST_THE_HOLD_DAYS),
  });

const balanceOf = async (tutor: Session) =>
  (
    await readOk<ResponseOf<'/api/v1/get-available-balance', 'get'>>(
      stack,
      '/api/v1/get-available-balance',
      tutor,
    )
  ).earnings;
const waitForBalance = (tutor: Session, rupees: number) =>
  eventually(
    async () => ((await balanceOf(tutor)) === rupees ? rupees : undefined),
    15_000,
    `balance ${rupees}`,
  );
const withdraw = (tutor: Session, body: unknown = { amount: 1 }) =>
  stack.call('POST', '/api/v1/withdraw-request', { as: tutor, body });
const ownWithdrawals = async (tutor: Session) =>
  (await readOk<ResponseOf<'/api/v1/user-withdrawals', 'get'>>(stack, '/api/v1/user-withdrawals', tutor))
    .withdrawals;

describe('bank details', () => {
  it('validates and stores the account, and isBankDetail tells whether there is one', async () => {
    const tutor = await newTutor(stack, 'bank');
    const before = await stack.call('GET', '/api/v1/isBankDetail', { as: tutor });
    expect(before).toMatchObject({ status: 200, body: { message: false } });

    const submit = (body: unknown) =>
      stack.call('POST', '/api/v1/submit-account-details', { as: tutor, body });
    const { ifsc: _ifsc, ...withoutIfsc } = BANK;
    for (const body of [withoutIfsc, { ...BANK, fullName: '' }, { ...BANK, nameOfBank: '   ' }, {}]) {
      const response = await submit(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body).toEqual({ message: 'All fields are required' });
    }
    for (const accountNumber of ['12345678', '1234567890123456789', '12345abc90']) {
      const response = await submit({ ...BANK, accountNumber });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: 'Account number must be 9 to 18 digits' });
    }
    for (const ifsc of ['CNRB1001234', 'CNR0001234', 'CNRB00012345']) {
      const response = await submit({ ...BANK, ifsc });
      expect(response.status).toBe(400);
      expect((response.body as { message: string }).message).toMatch(/IFSC/);
    }
    for (const body of [{ ...BANK, accountNumber: { $gt: '' } }, { ...BANK, fullName: ['a'] }, 'text']) {
      expect((await submit(body)).status).toBe(400);
    }
    expect((await stack.call('GET', '/api/v1/isBankDetail', { as: tutor })).body).toEqual({ message: false });

    const saved = await submit({ ...BANK, ifsc: 'cnrb0001234', accountNumber: 1234567890 });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ message: expect.any(String) });
    expect((await stack.call('GET', '/api/v1/isBankDetail', { as: tutor })).body).toEqual({ message: true });
    const stored = await stack.services
      .earnings!.app.db.collection('bank_details')
      .findOne({ _id: tutor._id as never });
    expect(stored).toMatchObject({ ...BANK, accountNumber: '1234567890' });
  });

  it('is for tutors only', async () => {
    const student = await stack.newUser('nobank');
    for (const as of [student, admin]) {
      expect((await stack.call('POST', '/api/v1/submit-account-details', { as, body: BANK })).status).toBe(
        403,
      );
      expect((await stack.call('GET', '/api/v1/isBankDetail', { as })).status).toBe(403);
    }
  });
});

describe('withdrawals', () => {
  it('takes the whole balance once it is above ₹1000 and bank details exist', async () => {
    const tutor = await newTutor(stack, 'payout');
    expect(await balanceOf(tutor)).toBe(0);

    // Exactly ₹1000 for the tutor (80% of ₹1250) is not above ₹1000.
    await pay(tutor, 125_000);
    await waitForBalance(tutor, 1000);
    const noBank = await withdraw(tutor);
    expect(noBank.status).toBe(400);
    expect((noBank.body as { message: string }).message).toMatch(/bank details/i);
    await stack.call('POST', '/api/v1/submit-account-details', { as: tutor, body: BANK });
    expect(await withdraw(tutor)).toMatchObject({ status: 400, body: { message: TOO_LOW } });
    expect(await ownWithdrawals(tutor)).toEqual([]);

    // ₹12.34 more (80% of 1542 paise = 1233.6, rounded down): ₹1012.33 in all.
    await pay(tutor, 1_542);
    await waitForBalance(tutor, 1012.33);
    // Whatever amount is asked for, the whole balance is withdrawn.
    const done = await withdraw(tutor, { amount: 5 });
    expect(done.status).toBe(201);
    expect(done.body).toEqual({ message: expect.any(String) });
    expect(await balanceOf(tutor)).toBe(0);
    const [only, ...rest] = await ownWithdrawals(tutor);
    expect(rest).toEqual([]);
    expect(only).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      amount: 1012.33,
      status: 'Processing',
      date: expect.any(String),
    });
    expect(Math.abs(Date.parse(only!.date) - Date.now())).toBeLessThan(60_000);

    // Nothing left to take; the total earned is unchanged.
    expect(await withdraw(tutor)).toMatchObject({ status: 400, body: { message: TOO_LOW } });
    const total = await stack.call('GET', '/api/v1/total-income-tutor', { as: tutor });
    expect(total.body).toEqual({ earning: 1012.33 });

    // New earnings count from zero again.
    await pay(tutor, 200_000);
    await waitForBalance(tutor, 1600);
    expect((await withdraw(tutor)).status).toBe(201);
    expect((await ownWithdrawals(tutor)).map((w) => w.amount)).toEqual([1600, 1012.33]);
    expect(await balanceOf(tutor)).toBe(0);
  });

  it('lets one of 20 simultaneous requests through each time, over three credits, never below zero', async () => {
    const tutor = await newTutor(stack, 'race');
    await stack.call('POST', '/api/v1/submit-account-details', { as: tutor, body: BANK });
    const credits = [300_000, 150_000, 200_000];
    let expected = 0;
    for (const [round, gross] of credits.entries()) {
      await pay(tutor, gross);
      const credit = (gross * 0.8) / 100;
      await waitForBalance(tutor, credit);
      // A withdrawal takes the whole balance, so the balance covers exactly one of them.
      const answers = await Promise.all(Array.from({ length: 20 }, () => withdraw(tutor)));
      const statuses = answers.map((answer) => answer.status);
      expect(
        statuses.filter((status) => status === 201),
        `round ${round + 1}`,
      ).toHaveLength(1);
      // The others are told why, as one refusal each: no 'try again' and no second attempt.
      expect(statuses.every((status) => status === 201 || status === 400)).toBe(true);
      for (const answer of answers.filter((a) => a.status === 400)) {
        expect((answer.body as { message: string }).message).toMatch(/./);
      }
      expect(await balanceOf(tutor)).toBe(0);
      expected += credit;
    }
    const taken = (await ownWithdrawals(tutor)).map((w) => w.amount);
    expect(taken).toEqual([1600, 1200, 2400]);
    expect(taken.reduce((a, b) => a + b, 0)).toBe(expected);
    const page = await stack.call<ResponseOf<'/api/v1/user-withdrawals', 'get'>>(
      'GET',
      '/api/v1/user-withdrawals?limit=1&page=2',
      { as: tutor },
    );
    expect(page.body).toMatchObject({ total: 3, page: 2, pages: 3 });
    expect(page.body.withdrawals.map((w) => w.amount)).toEqual([1200]);
    const stored = await stack.services
      .earnings!.app.db.collection('withdrawals')
      .countDocuments({ tutorId: tutor._id });
    expect(stored).toBe(3);
  });

  it('shows the admin every request with the tutor and bank details, and lets the admin confirm it', async () => {
    const tutor = await newTutor(stack, 'confirm');
    await stack.call('POST', '/api/v1/submit-account-details', { as: tutor, body: BANK });
    await pay(tutor, 150_000);
    await waitForBalance(tutor, 1200);
    expect((await withdraw(tutor)).status).toBe(201);
    const [mine] = await ownWithdrawals(tutor);

    // The tutor's email comes from identity's events, so it may take a moment to be known.
    const listed = await eventually(
      async () => {
        const response = await stack.call<ResponseOf<'/api/v1/withdrawl-history', 'get'>>(
          'GET',
          '/api/v1/withdrawl-history',
          {
            as: admin,
          },
        );
        expect(response.status).toBe(200);
        const found = response.body.withdrawls.find((w) => w._id === mine!._id);
        return found?.user.email ? found : undefined;
      },
      15_000,
      'the withdrawal with the tutor’s email',
    );
    expect(listed).toEqual({
      _id: mine!._id,
      user: { _id: tutor._id, username: tutor.username, email: tutor.email, bankDetails: BANK },
      amount: 1200,
      status: 'Processing',
      date: mine!.date,
    });

    const confirm = (id: string, body: unknown, as = admin) =>
      stack.call('PUT', `/api/v1/confirm-withdrawlRequest/${id}`, { as, body });
    expect((await confirm(mine!._id, { status: 'Rejected' })).status).toBe(400);
    expect((await confirm(mine!._id, { status: 'success' })).status).toBe(400);
    expect((await confirm(mine!._id, {})).status).toBe(400);
    expect((await confirm('not-an-id', { status: 'Success' })).status).toBe(400);
    expect((await confirm(new ObjectId().toHexString(), { status: 'Success' })).status).toBe(404);
    expect((await confirm(mine!._id, { status: 'Success' }, tutor)).status).toBe(403);
    expect((await ownWithdrawals(tutor))[0]!.status).toBe('Processing');

    const confirmed = await confirm(mine!._id, { status: 'Success' });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ message: expect.any(String) });
    expect((await ownWithdrawals(tutor))[0]).toMatchObject({
      _id: mine!._id,
      status: 'Success',
      amount: 1200,
    });
    // A paid-out withdrawal still counts against the balance.
    expect(await balanceOf(tutor)).toBe(0);
    const history = await stack.call<ResponseOf<'/api/v1/withdrawl-history', 'get'>>(
      'GET',
      '/api/v1/withdrawl-history',
      {
        as: admin,
      },
    );
    expect(history.body.withdrawls.find((w) => w._id === mine!._id)?.status).toBe('Success');

    // Both changes went out as events (the outbox on the document is emptied once published).
    await eventually(
      async () => {
        const doc = await stack.services
          .earnings!.app.db.collection('withdrawals')
          .findOne({ _id: new ObjectId(mine!._id) });
        return doc && !doc._outboxAt ? true : undefined;
      },
      15_000,
      'withdrawal events published',
    );
  });

  it('answers the newest 24 withdrawals by default, then further pages, to the tutor and the admin', async () => {
    const tutor = await newTutor(stack, 'manypayouts');
    // 30 earlier withdrawals of ₹1001 to ₹1030, a day apart, as the tutor's chain holds them.
    const now = Date.now();
    let withdrawn = 0;
    const chain = Array.from({ length: 30 }, (_, i) => {
      const seq = i + 1;
      const amountPaise = (1000 + seq) * 100;
      withdrawn += amountPaise;
      const at = new Date(now - (31 - seq) * 24 * 60 * 60 * 1000);
      return {
        _id: new ObjectId(),
        tutorId: tutor._id,
        seq,
        amountPaise,
        withdrawnTotalPaise: withdrawn,
        status: 'Success',
        bankDetails: BANK,
        username: tutor.username,
        requestedAt: at,
        updatedAt: at,
      };
    });
    await stack.services.earnings!.app.db.collection('withdrawals').insertMany(chain);
    const rupees = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => from - i);

    type Own = ResponseOf<'/api/v1/user-withdrawals', 'get'>;
    const own = async (query: string) => {
      const body = await readOk<Own>(stack, `/api/v1/user-withdrawals${query}`, tutor);
      return { ...body, amounts: body.withdrawals.map((w) => w.amount) };
    };
    expect(await own('')).toMatchObject({ total: 30, page: 1, pages: 2, amounts: rupees(1030, 1007) });
    expect(await own('?page=2')).toMatchObject({ total: 30, page: 2, pages: 2, amounts: rupees(1006, 1001) });
    expect(await own('?limit=5&page=2')).toMatchObject({
      total: 30,
      page: 2,
      pages: 6,
      amounts: rupees(1025, 1021),
    });
    expect(await own('?page=3')).toMatchObject({ total: 30, page: 3, pages: 2, amounts: [] });

    type All = ResponseOf<'/api/v1/withdrawl-history', 'get'>;
    const all = (query: string) => readOk<All>(stack, `/api/v1/withdrawl-history${query}`, admin);
    const first = await all('');
    expect(first.total).toBeGreaterThanOrEqual(30);
    expect(first).toMatchObject({ page: 1, pages: Math.ceil(first.total / 24) });
    expect(first.withdrawls).toHaveLength(24);
    const second = await all('?page=2');
    expect(second).toMatchObject({ total: first.total, page: 2 });
    const both = await all('?limit=48');
    expect([...first.withdrawls, ...second.withdrawls].map((w) => w._id)).toEqual(
      both.withdrawls.map((w) => w._id),
    );
    const sized = await all('?limit=7');
    expect(sized).toMatchObject({ total: first.total, pages: Math.ceil(first.total / 7) });
    expect(sized.withdrawls).toHaveLength(7);

    for (const query of ['page=0', 'page=abc', 'page=100001', 'limit=0', 'limit=101']) {
      for (const [path, as] of [
        ['/api/v1/user-withdrawals', tutor],
        ['/api/v1/withdrawl-history', admin],
      ] as const) {
        const response = await stack.call('GET', `${path}?${query}`, { as });
        expect(response.status, `${path}?${query}`).toBe(400);
        expect(response.body).toEqual({ message: expect.any(String) });
      }
    }
  });

  it('keeps withdrawal calls to their roles', async () => {
    const student = await stack.newUser('nowithdraw');
    const tutor = await newTutor(stack, 'notadmin');
    for (const as of [student, admin]) {
      expect((await stack.call('GET', '/api/v1/get-available-balance', { as })).status).toBe(403);
      expect((await withdraw(as)).status).toBe(403);
      expect((await stack.call('GET', '/api/v1/user-withdrawals', { as })).status).toBe(403);
    }
    for (const as of [student, tutor]) {
      expect((await stack.call('GET', '/api/v1/withdrawl-history', { as })).status).toBe(403);
      const id = new ObjectId().toHexString();
      expect(
        (
          await stack.call('PUT', `/api/v1/confirm-withdrawlRequest/${id}`, {
            as,
            body: { status: 'Success' },
          })
        ).status,
      ).toBe(403);
    }
    expect((await stack.call('POST', '/api/v1/withdraw-request', { body: {} })).status).toBe(401);
  });

  it('answers malformed requests with 400, never a server error', async () => {
    const tutor = await newTutor(stack, 'malformed');
    for (const body of ['all of it', [1, 2], 7]) {
      const response = await withdraw(tutor, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body).toEqual({ message: expect.any(String) });
    }
    const id = new ObjectId().toHexString();
    for (const body of [{ status: 1 }, { status: ['Success'] }, { status: { $ne: 'x' } }, 'Success']) {
      const response = await stack.call('PUT', `/api/v1/confirm-withdrawlRequest/${id}`, { as: admin, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
  });
});
