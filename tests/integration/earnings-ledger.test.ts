import { REVENUE_FIGURES } from '@liveedu/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTutor, publishPaymentSucceeded, readOk } from '../support/flows.ts';
import { EARNINGS_SERVICES } from '../support/platform.ts';
import { eventually, type Session, startTestStack, type TestStack, withAdmin } from '../support/stack.ts';

let stack: TestStack;
let admin: Session;
beforeAll(async () => {
  ({ stack, admin } = await withAdmin(startTestStack({ services: EARNINGS_SERVICES })));
});
afterAll(() => stack?.close());

const DAY_MS = 24 * 60 * 60 * 1000;
const istDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(at);
const istMonth = (at: Date) => istDay(at).slice(0, 7);
const ledger = () => stack.services.earnings!.app.db.collection<{ _id: string; tutorId: string }>('ledger');

/** What the payments service publishes once a payment is verified. */
const pay = (
  tutor: Session,
  amountPaise: number,
  opts: { id?: string; paymentId?: string; courseId?: string } = {},
) =>
  publishPaymentSucceeded(
    stack.services.earnings,
    {
      tutorId: tutor._id,
      amountPaise,
      ...(opts.paymentId ? { paymentId: opts.paymentId } : {}),
      ...(opts.courseId ? { courseId: opts.courseId } : {}),
    },
    opts,
  );

const get = <T = Record<string, number>>(path: string, as: Session) => readOk<T>(stack, path, as);

const waitForEarning = (tutor: Session, rupees: number) =>
  eventually(
    async () => {
      const { earning } = await get('/api/v1/total-income-tutor', tutor);
      return earning === rupees ? earning : undefined;
    },
    15_000,
    `total income of ${rupees}`,
  );

/** Moves a ledger entry's date (and its India day and month) as if it had been paid then. */
async function backdate(eventId: string, daysAgo: number) {
  const paidAt = new Date(Date.now() - daysAgo * DAY_MS);
  const result = await ledger().updateOne(
    { _id: eventId },
    { $set: { paidAt, day: istDay(paidAt), month: istMonth(paidAt) } },
  );
  expect(result.matchedCount).toBe(1);
  return paidAt;
}

async function adminFigures() {
  const figures: Record<string, number> = {};
  for (const name of REVENUE_FIGURES) {
    figures[name] = (await get<{ money: number }>(`/api/v1/${name}`, admin)).money;
  }
  return figures;
}

function expectMoved(
  before: Record<string, number>,
  after: Record<string, number>,
  by: Record<string, number>,
) {
  for (const [name, value] of Object.entries(after)) {
    expect(value - before[name]!, name).toBeCloseTo(by[name] ?? 0, 2);
  }
}

describe('crediting payments', () => {
  it('credits the tutor 80% in paise, the remainder to the platform, once per payment', async () => {
    const tutor = await newTutor(stack, 'ledger');
    const before = await adminFigures();

    // 999.99 rupees: the tutor gets 799.99 (79 999.2 paise, rounded down), the platform 200.00.
    const first = await pay(tutor, 99_999);
    const same = { paymentId: first.data.paymentId, courseId: first.data.courseId };
    await pay(tutor, 99_999, { id: first.id, ...same });
    await pay(tutor, 99_999, { id: first.id, ...same });
    // The same course of the same payment reported again under another event id must not credit again either.
    await pay(tutor, 99_999, same);
    // 123.47 rupees: 98.776 would round up, but the tutor gets 98.77 and the platform 24.70.
    await pay(tutor, 12_347);

    // Events are handled in order, so once the last one counts, the repeats have been seen.
    await waitForEarning(tutor, 898.76);
    expect(await ledger().countDocuments({ tutorId: tutor._id })).toBe(2);
    // Credited, and held for the payout hold before it can be withdrawn.
    expect(await get('/api/v1/get-available-balance', tutor)).toMatchObject({ earnings: 0, pending: 898.76 });
    expect((await get('/api/v1/last7Days', tutor)).earning).toBe(898.76);
    expect((await get('/api/v1/last28Days', tutor)).earning).toBe(898.76);

    const after = await adminFigures();
    expectMoved(before, after, {
      getTotalRevnue: 1123.46,
      getTotalRevenueThisMonth: 1123.46,
      getTotalRevenueThisWeek: 1123.46,
      getTotalRevenueTwentyPercent: 224.7,
      getTotalRevenueThisMonthTwentyPercent: 224.7,
      getTotalRevenueThisWeektwentypercent: 224.7,
    });
    // Kept in whole paise; the two shares add up to what was paid.
    const entries = await ledger()
      .find({ tutorId: tutor._id })
      .sort({ grossPaise: -1 })
      .project({ _id: 0, grossPaise: 1, tutorPaise: 1, platformPaise: 1 })
      .toArray();
    expect(entries).toEqual([
      { grossPaise: 99_999, tutorPaise: 79_999, platformPaise: 20_000 },
      { grossPaise: 12_347, tutorPaise: 9_877, platformPaise: 2_470 },
    ]);
  });

  it('counts a payment in this week and month only while it falls in them (Asia/Kolkata)', async () => {
    const tutor = await newTutor(stack, 'period');
    const before = await adminFigures();
    const payment = await pay(tutor, 50_000);
    await waitForEarning(tutor, 400);
    expectMoved(before, await adminFigures(), {
      getTotalRevnue: 500,
      getTotalRevenueThisMonth: 500,
      getTotalRevenueThisWeek: 500,
      getTotalRevenueTwentyPercent: 100,
      getTotalRevenueThisMonthTwentyPercent: 100,
      getTotalRevenueThisWeektwentypercent: 100,
    });

    // Eight days ago is never in this Monday-to-Sunday week; it is in this month only late in it.
    const eightDaysAgo = await backdate(payment.id, 8);
    const sameMonth = istMonth(eightDaysAgo) === istMonth(new Date()) ? 1 : 0;
    expectMoved(before, await adminFigures(), {
      getTotalRevnue: 500,
      getTotalRevenueThisMonth: 500 * sameMonth,
      getTotalRevenueTwentyPercent: 100,
      getTotalRevenueThisMonthTwentyPercent: 100 * sameMonth,
    });

    // Forty days ago is always another month and another week.
    await backdate(payment.id, 40);
    expectMoved(before, await adminFigures(), { getTotalRevnue: 500, getTotalRevenueTwentyPercent: 100 });
  });
});

describe("the tutor's income figures and charts", () => {
  it('answers rolling windows and per-day and per-month series with empty days as zero', async () => {
    const tutor = await newTutor(stack, 'charts');
    await pay(tutor, 10_000); // 80 rupees to the tutor, today
    const tenDaysAgo = await pay(tutor, 20_000); // 160
    const fortyDaysAgo = await pay(tutor, 40_000); // 320
    const longAgo = await pay(tutor, 80_000); // 640
    await waitForEarning(tutor, 1200);
    const tenDays = await backdate(tenDaysAgo.id, 10);
    const fortyDays = await backdate(fortyDaysAgo.id, 40);
    await backdate(longAgo.id, 400);

    expect((await get('/api/v1/total-income-tutor', tutor)).earning).toBe(1200);
    expect((await get('/api/v1/last28Days', tutor)).earning).toBe(240);
    expect((await get('/api/v1/last7Days', tutor)).earning).toBe(80);

    const now = new Date();
    const week = await get<{ labels: string[]; income: number[] }>('/api/v1/last7DaysIncomeAnalytics', tutor);
    expect(week.labels).toHaveLength(7);
    expect(week.labels[6]).toBe(istDay(now));
    expect(week.labels[0]).toBe(istDay(new Date(now.getTime() - 6 * DAY_MS)));
    expect(week.income).toEqual([0, 0, 0, 0, 0, 0, 80]);

    const month = await get<{ labels: string[]; income: number[] }>('/api/v1/last28DaysIncome', tutor);
    expect(month.labels).toHaveLength(28);
    expect(month.labels.every((label) => /^\d{4}-\d{2}-\d{2}$/.test(label))).toBe(true);
    expect(month.labels[27]).toBe(istDay(now));
    expect(month.income[27]).toBe(80);
    expect(month.income[month.labels.indexOf(istDay(tenDays))]).toBe(160);
    expect(month.income.reduce((a, b) => a + b, 0)).toBe(240);

    const year = await get<{ labels: string[]; income: number[] }>('/api/v1/last365DaysIncome', tutor);
    expect(year.labels).toHaveLength(12);
    expect(new Set(year.labels).size).toBe(12);
    expect(year.labels.every((label) => /^\d{4}-\d{2}$/.test(label))).toBe(true);
    expect(year.labels[11]).toBe(istMonth(now));
    expect(year.labels).toEqual([...year.labels].sort());
    expect(year.income.reduce((a, b) => a + b, 0)).toBe(560);
    const fortyDaysMonth = istMonth(fortyDays);
    expect(year.income[year.labels.indexOf(fortyDaysMonth)]).toBe(
      320 + (istMonth(tenDays) === fortyDaysMonth ? 160 : 0),
    );

    // Another tutor's money is not in these figures.
    const other = await newTutor(stack, 'other');
    expect((await get('/api/v1/total-income-tutor', other)).earning).toBe(0);
    expect((await get<{ income: number[] }>('/api/v1/last7DaysIncomeAnalytics', other)).income).toEqual([
      0, 0, 0, 0, 0, 0, 0,
    ]);
  });

  it('lets only tutors read tutor figures and only the admin read revenue', async () => {
    const student = await stack.newUser('student');
    const tutor = await newTutor(stack, 'roles');
    for (const path of [
      '/api/v1/total-income-tutor',
      '/api/v1/last7DaysIncomeAnalytics',
      '/api/v1/last365DaysIncome',
    ]) {
      expect((await stack.call('GET', path, { as: student })).status).toBe(403);
      expect((await stack.call('GET', path, { as: admin })).status).toBe(403);
      expect((await stack.call('GET', path)).status).toBe(401);
    }
    for (const path of ['/api/v1/getTotalRevnue', '/api/v1/getTotalRevenueThisWeektwentypercent']) {
      expect((await stack.call('GET', path, { as: student })).status).toBe(403);
      expect((await stack.call('GET', path, { as: tutor })).status).toBe(403);
    }
  });
});
