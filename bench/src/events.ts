/**
 * Event latency: real purchases through the gateway and the Razorpay sandbox, timed from the
 * callback POST until the effects of `payments.payment.succeeded` show in the catalog
 * (enrolled-courses) and in earnings (get-available-balance).
 */
import { BENCH_PASSWORD, course, type DataSize, type Person, tutor } from './data.ts';
import { logIn, mustCall, type Session } from './http.ts';
import { buyCourse } from './purchase.ts';

const POLL_MS = 20;
const GIVE_UP_MS = 20_000;

export interface PurchaseOptions {
  gw: string;
  sandboxUrl: string;
  keyId: string;
  seed: number;
  size: DataSize;
  categories: string[];
  buyers: Person[];
  purchases: number;
  /** No purchase starts after this (a `performance.now()` value). */
  deadline: number;
  log: (line: string) => void;
}

export interface EventSamples {
  callback: number[];
  enrolled: number[];
  credited: number[];
  failures: string[];
  /** Set when the deadline stopped the purchases early. */
  stoppedAfter?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => Promise<boolean>, from: number): Promise<number | null> {
  while (performance.now() - from < GIVE_UP_MS) {
    if (await check()) return performance.now() - from;
    await sleep(POLL_MS);
  }
  return null;
}

/**
 * Lane l buys, as its own buyer, the courses of tutors l, l + L, l + 2L, … one after another, so
 * each tutor's balance moves by exactly one known credit at a time.
 */
export async function purchases(opts: PurchaseOptions): Promise<EventSamples> {
  const samples: EventSamples = { callback: [], enrolled: [], credited: [], failures: [] };
  const lanes = opts.buyers.length;
  const perTutor = Math.floor(opts.size.courses / opts.size.tutors);
  const tutorSessions = new Map<number, Session>();

  const lane = async (l: number) => {
    let buyer: Session | null = null;
    for (let attempt = 1; attempt <= 3 && !buyer; attempt += 1) {
      buyer = await logIn(opts.gw, opts.buyers[l]!.username, BENCH_PASSWORD).catch((error: unknown) => {
        samples.failures.push(
          `lane ${l} log-in, attempt ${attempt}: ${error instanceof Error ? error.message : String(error)}`,
        );
        return null;
      });
    }
    if (!buyer) return;
    const as = buyer;
    for (let n = l; n < opts.purchases; n += lanes) {
      if (performance.now() > opts.deadline) {
        samples.stoppedAfter = Math.min(samples.stoppedAfter ?? n, n);
        break;
      }
      const k = Math.floor(n / lanes);
      const tutorIndex = (l + lanes * Math.floor(k / perTutor)) % opts.size.tutors;
      // Course i belongs to tutor i mod tutors: the (k mod perTutor)-th course of this tutor.
      const courseIndex = tutorIndex + (k % perTutor) * opts.size.tutors;
      try {
        let tutorSession = tutorSessions.get(tutorIndex);
        if (!tutorSession) {
          tutorSession = await logIn(opts.gw, tutor(opts.seed, tutorIndex).username, BENCH_PASSWORD);
          tutorSessions.set(tutorIndex, tutorSession);
        }
        const c = course(opts.seed, opts.size, opts.categories, courseIndex);
        const courseId = c._id.toHexString();
        const balance = async () =>
          (
            await mustCall<{ earnings: number }>(opts.gw, 'GET', '/api/v1/get-available-balance', {
              as: tutorSession,
            })
          ).earnings;
        const before = await balance();
        const credit = Math.floor((c.pricePaise * 80) / 100) / 100;
        const price = c.pricePaise / 100;
        const bought = await buyCourse({
          gw: opts.gw,
          sandboxUrl: opts.sandboxUrl,
          keyId: opts.keyId,
          buyer: as,
          courseId,
          tutorId: c.tutorId,
          price,
          email: `${as.username}@bench.liveedu.test`,
        });
        if (bought.outcome !== 'paid') throw new Error(`the sandbox declined: ${bought.message}`);
        const sent = bought.callbackSentAt;
        const answered = bought.callbackMs;
        if (bought.callbackStatus !== 302 && bought.callbackStatus !== 303)
          throw new Error(`the callback answered ${bought.callbackStatus ?? 'nothing'}`);
        const [enrolled, credited] = await Promise.all([
          until(async () => {
            const list = await mustCall<{ coursesEnrolled: Array<{ _id: string }> }>(
              opts.gw,
              'GET',
              '/api/v1/enrolled-courses',
              { as },
            );
            return list.coursesEnrolled.some((e) => e._id === courseId);
          }, sent),
          until(async () => (await balance()) >= before + credit - 0.005, sent),
        ]);
        samples.callback.push(answered);
        if (enrolled === null)
          samples.failures.push(`course ${courseId} not enrolled after ${GIVE_UP_MS} ms`);
        else samples.enrolled.push(enrolled);
        if (credited === null)
          samples.failures.push(`tutor ${c.tutorId} not credited after ${GIVE_UP_MS} ms`);
        else samples.credited.push(credited);
      } catch (error) {
        samples.failures.push(error instanceof Error ? error.message : String(error));
      }
      if ((n + 1) % 50 === 0) opts.log(`  ${n + 1} purchases`);
    }
  };
  await Promise.all(Array.from({ length: lanes }, (_, l) => lane(l)));
  return samples;
}
