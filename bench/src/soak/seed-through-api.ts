/**
 * The soak's marketplace, made the way users make one, through the gateway: students sign up,
 * a few apply to teach and the admin accepts them, those tutors publish courses with a cover
 * image and make coupons, and the admin makes one for every course. Everything the books are
 * later checked against starts from here, so nothing is written behind the services' backs.
 */
import type { BodyOf, ResponseOf } from '@liveedu/api-client';
import { BENCH_PASSWORD, prng, TOPICS } from '../data.ts';
import { call, logIn, mustCall, type Session } from '../http.ts';
import type { SoakCoupon } from './coupons.ts';

export interface SoakCourse {
  id: string;
  title: string;
  tutorId: string;
  category: string;
  /** Whole rupees, as the course form takes it and checkout is sent it. */
  price: number;
}

export interface SoakWorld {
  admin: Session;
  tutors: Session[];
  students: Session[];
  courses: SoakCourse[];
  coupons: SoakCoupon[];
  categories: string[];
  tutorUsernames: string[];
}

export interface SeedPlan {
  tutors: number;
  coursesPerTutor: number;
  students: number;
}

/** A real 1×1 PNG: the cover image every course needs. */
const COVER_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** Odd amounts on purpose: 80% of ₹333 is ₹266.40, so the split's paise are checked too. */
const PRICES = [199, 333, 499, 799, 1299, 2499, 3999];
const DIFFICULTIES = ['beginner', 'intermediate', 'advance', 'all level'];
/** How long the soak's coupons stay valid from their making: longer than any run. */
const COUPON_DAYS = 30;

/** Sign-ups and log-ins each cost an argon2id hash: a few at a time keeps identity responsive. */
const KDF_CONCURRENCY = 6;
/** The gateway caches a user's role; an accepted tutor's first course may meet the old one. */
const ROLE_CHANGE_WAIT_MS = 15_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work` on every item, at most `concurrency` at a time, keeping the order of the results. */
export async function inBatches<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

async function signUpAndLogIn(gw: string, username: string): Promise<Session> {
  await mustCall(gw, 'POST', '/api/v1/user-signUp', {
    body: { username, email: `${username}@soak.liveedu.test`, password: BENCH_PASSWORD },
  });
  return logIn(gw, username, BENCH_PASSWORD);
}

async function becomeTutor(gw: string, admin: Session, user: Session): Promise<void> {
  await mustCall(gw, 'POST', '/api/v1/tutor-request-ytlink', {
    as: user,
    body: { ytLink: `https://youtu.be/${user.username}` },
  });
  await mustCall(gw, 'PUT', '/api/v1/acceptTutorRequest', {
    as: admin,
    body: { option: 'accept', id: user.userId },
  });
}

function courseForm(fields: Record<string, unknown>): FormData {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(COVER_PNG)], { type: 'image/png' }), 'cover.png');
  form.append('Data', JSON.stringify(fields));
  return form;
}

async function publishCourse(gw: string, tutor: Session, fields: Record<string, unknown>): Promise<string> {
  const until = performance.now() + ROLE_CHANGE_WAIT_MS;
  for (;;) {
    const created = await call<{ _id?: string; message?: string }>(gw, 'POST', '/api/v1/create-course', {
      as: tutor,
      body: courseForm(fields),
    });
    if (created.status === 201 && created.body._id) return created.body._id;
    if (created.status !== 403 || performance.now() > until) {
      throw new Error(`create-course answered ${created.status}: ${JSON.stringify(created.body)}`);
    }
    await sleep(250);
  }
}

/**
 * The coupons of a run, each kind once: a tutor's 100% coupon for one course with few uses (its
 * orders are free, bought without Razorpay), a tutor's amount off every course of theirs (with
 * paise, so the soak's sums meet them), a tutor's percentage off one course with a limit on its
 * uses, and the admin's percentage off every course.
 */
async function makeCoupons(
  gw: string,
  admin: Session,
  tutors: Session[],
  courses: SoakCourse[],
): Promise<SoakCoupon[]> {
  const tutor = (i: number) => tutors[i % tutors.length]!;
  const courseOf = (i: number, k: number) => {
    const own = courses.filter((c) => c.tutorId === tutor(i).userId);
    return own[k % own.length]!;
  };
  const window = {
    startsAt: new Date(Date.now() - 60_000),
    endsAt: new Date(Date.now() + COUPON_DAYS * 86_400_000),
  };
  const plan: Array<{ by: Session; coupon: Omit<SoakCoupon, 'id'>; amountOff?: number }> = [
    {
      by: tutor(0),
      coupon: {
        code: 'SOAKFREE',
        scope: 'course',
        courseId: courseOf(0, 0).id,
        tutorId: tutor(0).userId,
        percentOff: 100,
        maxUses: 4,
      },
    },
    {
      by: tutor(1),
      coupon: {
        code: 'SOAKTUTOR',
        scope: 'tutor',
        courseId: null,
        tutorId: tutor(1).userId,
        amountOffPaise: 15_050,
      },
      amountOff: 150.5,
    },
    {
      by: tutor(2),
      coupon: {
        code: 'SOAKLIMITED',
        scope: 'course',
        courseId: courseOf(2, 1).id,
        tutorId: tutor(2).userId,
        percentOff: 40,
        maxUses: 6,
      },
    },
    {
      by: admin,
      coupon: { code: 'SOAKALL', scope: 'platform', courseId: null, tutorId: null, percentOff: 15 },
    },
  ];
  const made: SoakCoupon[] = [];
  for (const { by, coupon, amountOff } of plan) {
    const body: BodyOf<'/api/v1/coupons', 'post'> = {
      code: coupon.code,
      courseId: coupon.courseId,
      ...(coupon.percentOff !== undefined ? { percentOff: coupon.percentOff } : { amountOff }),
      startsAt: window.startsAt.toISOString(),
      endsAt: window.endsAt.toISOString(),
      ...(coupon.maxUses !== undefined ? { maxUses: coupon.maxUses } : {}),
    };
    const created = await mustCall<ResponseOf<'/api/v1/coupons', 'post'>>(gw, 'POST', '/api/v1/coupons', {
      as: by,
      body,
    });
    if (created.scope !== coupon.scope) {
      throw new Error(`coupon ${coupon.code} was made for scope ${created.scope}, asked ${coupon.scope}`);
    }
    made.push({ ...coupon, id: created._id });
  }
  return made;
}

export async function seedThroughApi(opts: {
  gw: string;
  seed: number;
  plan: SeedPlan;
  adminPassword: string;
  log: (line: string) => void;
}): Promise<SoakWorld> {
  const { gw, plan, log } = opts;
  const rand = prng(opts.seed);
  const admin = await logIn(gw, 'admin', opts.adminPassword);
  const categories = (
    await mustCall<{ data: Array<{ title: string }> }>(gw, 'GET', '/api/v1/get-all-category')
  ).data.map((c) => c.title);
  if (categories.length === 0) throw new Error('the catalog has no categories to put courses in');

  log(`  ${plan.tutors} tutors (applications accepted by the admin) …`);
  const tutors = await inBatches(
    Array.from({ length: plan.tutors }, (_, i) => `soak_tutor_${i}`),
    KDF_CONCURRENCY,
    async (username) => {
      const user = await signUpAndLogIn(gw, username);
      await becomeTutor(gw, admin, user);
      return user;
    },
  );

  log(`  ${plan.tutors * plan.coursesPerTutor} courses …`);
  const drafts = tutors.flatMap((tutor, t) =>
    Array.from({ length: plan.coursesPerTutor }, (_, k) => {
      const n = t * plan.coursesPerTutor + k;
      const topic = TOPICS[Math.floor(rand() * TOPICS.length)]!;
      return {
        tutor,
        title: `${topic} in Practice, part ${n + 1}`,
        category: categories[Math.floor(rand() * categories.length)]!,
        price: PRICES[Math.floor(rand() * PRICES.length)]!,
        difficulity: DIFFICULTIES[Math.floor(rand() * DIFFICULTIES.length)]!,
        topic,
      };
    }),
  );
  const courses = await inBatches(drafts, 4, async (d): Promise<SoakCourse> => {
    const id = await publishCourse(gw, d.tutor, {
      title: d.title,
      desc: `Everything about ${d.topic}, one lecture at a time.`,
      price: d.price,
      category: d.category,
      difficulity: d.difficulity,
      benefits: `Confidence with ${d.topic}`,
      prerequistes: 'Curiosity',
      courseContent: [
        [
          {
            sectionTitle: 'Getting started',
            videoTitle: `Why ${d.topic}`,
            videoDesc: 'The case for it',
            videoLink: 'https://videos.example.com/why.mp4',
          },
          {
            sectionTitle: 'Getting started',
            videoTitle: 'First steps',
            videoDesc: 'Setting up',
            videoLink: 'https://videos.example.com/first.mp4',
          },
        ],
        [
          {
            sectionTitle: 'Going further',
            videoTitle: 'A real project',
            videoDesc: 'All of it together',
            videoLink: 'https://videos.example.com/project.mp4',
          },
        ],
      ],
    });
    return { id, title: d.title, tutorId: d.tutor.userId, category: d.category, price: d.price };
  });

  log(
    "  4 coupons: a course's free one, a tutor's for all their courses, a limited one, the admin's for all …",
  );
  const coupons = await makeCoupons(gw, admin, tutors, courses);

  log(`  ${plan.students} students …`);
  const students = await inBatches(
    Array.from({ length: plan.students }, (_, i) => `soak_student_${i}`),
    KDF_CONCURRENCY,
    (username) => signUpAndLogIn(gw, username),
  );

  return {
    admin,
    tutors,
    students,
    courses,
    coupons,
    categories: [...new Set(courses.map((c) => c.category))],
    tutorUsernames: tutors.map((t) => t.username),
  };
}
