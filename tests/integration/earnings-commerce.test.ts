import { REVENUE_FIGURES } from '@liveedu/api-client';
import type { PaymentsPaymentSucceededData } from '@liveedu/contracts';
import { earningsService } from '@liveedu/earnings';
import { createService, type Service } from '@liveedu/service-kit';
import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  daysAgo,
  newTutor,
  PAST_THE_HOLD_DAYS,
  publishDispute,
  publishPaymentSucceeded,
  publishRefundProcessed,
  readOk,
  redeliver,
} from '../support/flows.ts';
import { EARNINGS_SERVICES } from '../support/platform.ts';
import { eventually, type Session, startTestStack, type TestStack, withAdmin } from '../support/stack.ts';

/**
 * The earnings side of commerce through the gateway: the lines of a cart, refunds, disputes and
 * the payout hold, with the events the payments service publishes delivered more than once and
 * handled by two earnings replicas at the same time.
 */

let stack: TestStack;
let admin: Session;
/** A second earnings process on the same database and consumers, as a second replica runs. */
let replica: Service | undefined;
beforeAll(async () => {
  ({ stack, admin } = await withAdmin(startTestStack({ services: EARNINGS_SERVICES })));
  const earnings = stack.services.earnings as Service;
  replica = await createService(earningsService, {
    env: { ...process.env, ...stack.env },
    config: { ...earnings.config, port: 0 },
  });
}, 60_000);
afterAll(async () => {
  await replica?.close();
  await stack?.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;
const TOO_LOW = 'Balance should be above 1000 to get withdrawl.';
const BANK = {
  fullName: 'Meera Pillai',
  accountNumber: '001234567890',
  nameOfBank: 'Canara Bank',
  ifsc: 'CNRB0001234',
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const db = () => (stack.services.earnings as Service).app.db;

/** What `get-available-balance` answers (rupees). */
interface Balance {
  earnings: number;
  balance: number;
  pending: number;
  frozen: number;
  availableOn: string | null;
}
const balanceOf = (tutor: Session) => readOk<Balance>(stack, '/api/v1/get-available-balance', tutor);
const waitForBalance = (tutor: Session, expected: Partial<Balance>, what = JSON.stringify(expected)) =>
  eventually(
    async () => {
      const now = await balanceOf(tutor);
      return Object.entries(expected).every(([key, value]) => now[key as keyof Balance] === value)
        ? now
        : undefined;
    },
    20_000,
    what,
  );
const figure = async (path: string, who: Session) => {
  const body = await readOk<{ earning?: number; money?: number }>(stack, path, who);
  return (body.earning ?? body.money) as number;
};
const income = (tutor: Session) => figure('/api/v1/total-income-tutor', tutor);
const waitForIncome = (tutor: Session, rupees: number) =>
  eventually(async () => ((await income(tutor)) === rupees ? rupees : undefined), 20_000, `income ${rupees}`);
async function adminFigures() {
  const figures: Record<string, number> = {};
  for (const name of REVENUE_FIGURES) figures[name] = await figure(`/api/v1/${name}`, admin);
  return figures;
}
const moved = (before: Record<string, number>, after: Record<string, number>) =>
  Object.fromEntries(
    Object.entries(after).map(([name, value]) => [name, Math.round((value - before[name]!) * 100) / 100]),
  );
const withdraw = (tutor: Session) => stack.call('POST', '/api/v1/withdraw-request', { as: tutor, body: {} });
const withdrawn = async (tutor: Session) =>
  (
    await readOk<{ withdrawals: { amount: number }[] }>(stack, '/api/v1/user-withdrawals', tutor)
  ).withdrawals.map((w) => w.amount);
async function tutorWithBank(prefix: string) {
  const tutor = await newTutor(stack, prefix);
  const saved = await stack.call('POST', '/api/v1/submit-account-details', { as: tutor, body: BANK });
  expect(saved.status).toBe(200);
  return tutor;
}

type Sale = Pick<PaymentsPaymentSucceededData, 'tutorId' | 'amountPaise'> &
  Partial<PaymentsPaymentSucceededData>;
/** Publishes a sale as payments does; `paidAt` defaults to now. */
const sell = (sale: Sale, opts: { id?: string } = {}) =>
  publishPaymentSucceeded(stack.services.earnings, sale, opts);
/** A sale old enough to be past the payout hold. */
const sellOld = (tutor: Session, amountPaise: number) =>
  sell({ tutorId: tutor._id, amountPaise, paidAt: daysAgo(PAST_THE_HOLD_DAYS) });

/** Whether earnings has handled an event (by either replica). */
const handled = async (eventId: string) =>
  (await db()
    .collection('processed_events')
    .countDocuments({ _id: { $regex: `:${eventId.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$` } as never })) > 0;

describe('a cart paid with one payment', () => {
  it('credits each tutor for their courses exactly once, each line delivered three times at once', async () => {
    const [first, second] = [await newTutor(stack, 'carta'), await newTutor(stack, 'cartb')];
    const before = await adminFigures();
    const orderId = `order_${new ObjectId().toHexString()}`;
    const paymentId = `pay_${new ObjectId().toHexString()}`;
    const studentId = new ObjectId().toHexString();
    const lines = [
      { tutor: first, amountPaise: 49_900 },
      { tutor: first, amountPaise: 129_999 },
      { tutor: second, amountPaise: 79_900 },
    ].map(({ tutor, amountPaise }) => {
      const courseId = new ObjectId().toHexString();
      return {
        id: `payment-succeeded:${orderId}:${courseId}`,
        data: {
          orderId,
          paymentId,
          courseId,
          courseTitle: `Course ${courseId}`,
          studentId,
          tutorId: tutor._id,
          amountPaise,
          cart: true as const,
        },
      };
    });
    // Each line: published, redelivered under its own id, and reported again under another id.
    await Promise.all(
      lines.map(async (line) => {
        const event = await sell(line.data, { id: line.id });
        await Promise.all([
          redeliver(stack.services.earnings, event, 1),
          sell(line.data, { id: `${line.id}:again` }),
        ]);
      }),
    );

    // 80% of ₹499 and of ₹1299.99 (103 999.2 paise, rounded down); 80% of ₹799.
    await waitForIncome(first, 399.2 + 1039.99);
    await waitForIncome(second, 639.2);
    await eventually(
      async () =>
        (await Promise.all(lines.map((line) => handled(`${line.id}:again`)))).every(Boolean)
          ? true
          : undefined,
      20_000,
      'every delivery handled',
    );
    await sleep(1_000);
    expect(await income(first)).toBe(1439.19);
    expect(await income(second)).toBe(639.2);
    const stored = await db().collection('ledger').find({ paymentId }).toArray();
    expect(stored.map((line) => line.courseId).sort()).toEqual(
      lines.map((line) => line.data.courseId).sort(),
    );
    expect(stored.every((line) => line.kind === 'sale' && line.unposted === undefined)).toBe(true);
    expect(moved(before, await adminFigures())).toEqual({
      getTotalRevnue: 2597.99,
      getTotalRevenueThisMonth: 2597.99,
      getTotalRevenueThisWeek: 2597.99,
      getTotalRevenueTwentyPercent: 519.6,
      getTotalRevenueThisMonthTwentyPercent: 519.6,
      getTotalRevenueThisWeektwentypercent: 519.6,
    });
    // Fresh sales: credited, but pending for the payout hold.
    const balance = await balanceOf(first);
    expect(balance).toMatchObject({ earnings: 0, balance: 0, pending: 1439.19, frozen: 0 });
    expect((Date.parse(balance.availableOn as string) - Date.now()) / DAY_MS).toBeCloseTo(30, 1);
  }, 60_000);
});

describe('a refund', () => {
  it("debits the tutor and the platform exactly the sale's split once, on the day of the refund", async () => {
    const tutor = await newTutor(stack, 'refunded');
    const fresh = await sell({ tutorId: tutor._id, amountPaise: 99_999 });
    const old = await sell({ tutorId: tutor._id, amountPaise: 50_000, paidAt: daysAgo(40) });
    await waitForIncome(tutor, 799.99 + 400);
    const before = await adminFigures();
    const weekBefore = await figure('/api/v1/last7Days', tutor);

    for (const sale of [fresh, old]) {
      const refund = await publishRefundProcessed(stack.services.earnings, sale.data);
      await Promise.all([
        redeliver(stack.services.earnings, refund, 1),
        publishRefundProcessed(stack.services.earnings, sale.data, {}, { id: `${refund.id}:again` }),
      ]);
    }
    await waitForIncome(tutor, 0);
    await eventually(
      async () =>
        (await handled(`refund-processed:${old.data.orderId}:${old.data.courseId}:again`)) &&
        (await handled(`refund-processed:${fresh.data.orderId}:${fresh.data.courseId}:again`))
          ? true
          : undefined,
      20_000,
      'every refund delivery handled',
    );
    await sleep(1_000);
    expect(await income(tutor)).toBe(0);
    // Both refunds fall today: the 40-day-old sale's takes ₹400 out of this week.
    expect(await figure('/api/v1/last7Days', tutor)).toBe(
      Math.round((weekBefore - 799.99 - 400) * 100) / 100,
    );
    const today = await readOk<{ income: number[] }>(stack, '/api/v1/last7DaysIncomeAnalytics', tutor);
    expect(today.income[6]).toBe(-400);
    const all = 999.99 + 500;
    const platform = 200 + 100;
    expect(moved(before, await adminFigures())).toEqual({
      getTotalRevnue: -all,
      getTotalRevenueThisMonth: -all,
      getTotalRevenueThisWeek: -all,
      getTotalRevenueTwentyPercent: -platform,
      getTotalRevenueThisMonthTwentyPercent: -platform,
      getTotalRevenueThisWeektwentypercent: -platform,
    });
    const refunds = await db()
      .collection('ledger')
      .find({ tutorId: tutor._id, kind: 'refund' })
      .project({ _id: 0, grossPaise: 1, tutorPaise: 1, platformPaise: 1 })
      .sort({ grossPaise: 1 })
      .toArray();
    expect(refunds).toEqual([
      { grossPaise: -99_999, tutorPaise: -79_999, platformPaise: -20_000 },
      { grossPaise: -50_000, tutorPaise: -40_000, platformPaise: -10_000 },
    ]);
    expect(await balanceOf(tutor)).toMatchObject({
      earnings: 0,
      balance: 0,
      pending: 0,
      frozen: 0,
      availableOn: null,
    });
  }, 60_000);

  it('that arrives before its sale is debited once the sale is in', async () => {
    const tutor = await newTutor(stack, 'earlyrefund');
    const sale = {
      orderId: `order_${new ObjectId().toHexString()}`,
      paymentId: `pay_${new ObjectId().toHexString()}`,
      courseId: new ObjectId().toHexString(),
      courseTitle: 'Refunded early',
      studentId: new ObjectId().toHexString(),
      tutorId: tutor._id,
      amountPaise: 30_000,
    };
    const refund = await publishRefundProcessed(stack.services.earnings, sale);
    await sleep(500);
    expect(await handled(refund.id)).toBe(false);
    await sell(sale);
    await eventually(async () => ((await handled(refund.id)) ? true : undefined), 20_000, 'the refund');
    expect(await income(tutor)).toBe(0);
    expect(await db().collection('ledger').countDocuments({ paymentId: sale.paymentId })).toBe(2);
  }, 60_000);
});

describe('a dispute', () => {
  it('freezes the credit of the disputed sale until the dispute closes', async () => {
    const tutor = await tutorWithBank('disputed');
    const sale = await sellOld(tutor, 200_000);
    await sellOld(tutor, 10_000);
    await waitForBalance(tutor, { earnings: 1680 });
    const disputeId = `disp_${new ObjectId().toHexString()}`;
    await publishDispute(stack.services.earnings, 'created', {
      disputeId,
      paymentId: sale.data.paymentId,
      lines: [{ courseId: sale.data.courseId, tutorId: tutor._id, amountPaise: 200_000 }],
    });
    await waitForBalance(tutor, { earnings: 80, frozen: 1600, pending: 0 });
    expect(await withdraw(tutor)).toMatchObject({ status: 400, body: { message: TOO_LOW } });
    // The tutor's income still counts it: it was earned, it is only held.
    expect(await income(tutor)).toBe(1680);

    await publishDispute(stack.services.earnings, 'closed', { disputeId, paymentId: sale.data.paymentId });
    await waitForBalance(tutor, { earnings: 1680, frozen: 0 });
    expect((await withdraw(tutor)).status).toBe(201);
    expect(await withdrawn(tutor)).toEqual([1680]);
  }, 60_000);

  it('leaves nothing frozen when it is reported closed before it is reported opened', async () => {
    const tutor = await newTutor(stack, 'lateopen');
    const sale = await sellOld(tutor, 150_000);
    await waitForBalance(tutor, { earnings: 1200 });
    const disputeId = `disp_${new ObjectId().toHexString()}`;
    const closed = await publishDispute(stack.services.earnings, 'closed', {
      disputeId,
      paymentId: sale.data.paymentId,
    });
    await eventually(async () => ((await handled(closed.id)) ? true : undefined), 20_000, 'the closing');
    const opened = await publishDispute(stack.services.earnings, 'created', {
      disputeId,
      paymentId: sale.data.paymentId,
    });
    await eventually(async () => ((await handled(opened.id)) ? true : undefined), 20_000, 'the opening');
    expect(await balanceOf(tutor)).toMatchObject({ earnings: 1200, frozen: 0 });
  }, 60_000);
});

describe('the payout hold', () => {
  it('keeps a fresh sale pending, not withdrawable; a sale past the hold is', async () => {
    const tutor = await tutorWithBank('held');
    const fresh = await sell({ tutorId: tutor._id, amountPaise: 150_000 });
    const pending = await waitForBalance(tutor, { pending: 1200 });
    expect(pending).toMatchObject({ earnings: 0, balance: 0, frozen: 0 });
    const freeOn = Date.parse(fresh.data.paidAt) + 30 * DAY_MS;
    expect(Date.parse(pending.availableOn as string)).toBe(freeOn);
    expect(await withdraw(tutor)).toMatchObject({ status: 400, body: { message: TOO_LOW } });

    await sellOld(tutor, 150_000);
    await waitForBalance(tutor, { earnings: 1200, pending: 1200 });
    expect((await withdraw(tutor)).status).toBe(201);
    expect(await withdrawn(tutor)).toEqual([1200]);
    // The pending credit stays, for when its hold has passed.
    expect(await balanceOf(tutor)).toMatchObject({ earnings: 0, balance: 0, pending: 1200 });
  }, 60_000);
});

describe('a refund after a withdrawal', () => {
  it('leaves a negative balance that later sales repay, and the same money is never paid twice', async () => {
    const tutor = await tutorWithBank('clawback');
    const first = await sellOld(tutor, 150_000);
    await waitForBalance(tutor, { earnings: 1200 });
    expect((await withdraw(tutor)).status).toBe(201);

    await publishRefundProcessed(stack.services.earnings, first.data);
    await waitForBalance(tutor, { earnings: 0, balance: -1200 });
    expect(await withdraw(tutor)).toMatchObject({ status: 400, body: { message: TOO_LOW } });

    // ₹2000 more repays the ₹1200 first: ₹800 is not above ₹1000.
    await sellOld(tutor, 250_000);
    await waitForBalance(tutor, { earnings: 800, balance: 800 });
    expect(await withdraw(tutor)).toMatchObject({ status: 400, body: { message: TOO_LOW } });

    // ₹400 more: ₹1200, taken by one of many simultaneous requests.
    await sellOld(tutor, 50_000);
    await waitForBalance(tutor, { earnings: 1200 });
    const answers = await Promise.all(Array.from({ length: 8 }, () => withdraw(tutor)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400, 400, 400, 400, 400, 400, 400]);
    expect(await withdrawn(tutor)).toEqual([1200, 1200]);
    // Withdrawn in all: ₹2400, what was earned (₹3600) less what was refunded (₹1200).
    expect(await income(tutor)).toBe(2400);
    expect(await balanceOf(tutor)).toMatchObject({ earnings: 0, balance: 0, pending: 0 });
  }, 60_000);
});
