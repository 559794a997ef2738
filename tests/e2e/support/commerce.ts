import type { ResponseOf } from '@liveedu/api-client';
import type { Page } from 'playwright-core';
import { PASSWORD } from './accounts.ts';
import { type Auth, call } from './api.ts';
import { png } from './page-helpers.ts';

/** An item of a course as the course form sends it: a video (a link or a hosted `videoId`), a quiz or an assignment. */
export type CourseItem = {
  sectionTitle: string;
  videoTitle: string;
  videoDesc?: string;
  videoLink?: string;
  videoId?: string;
  kind?: 'quiz' | 'assignment';
};

/** What a tutor fills in of a course here; the rest is as every test's course has it. */
export interface CourseFields {
  title: string;
  /** In rupees; 0 for a free course. */
  price: number;
  /** The cover's one colour. */
  colour: [number, number, number];
  desc?: string;
  benefits?: string;
  sequential?: boolean;
  /** One section's items; a single linked video unless given. */
  items?: CourseItem[];
}

const WELCOME: CourseItem = {
  sectionTitle: 'Start',
  videoTitle: 'Welcome',
  videoDesc: 'What the course covers',
  videoLink: 'https://videos.example.com/welcome.mp4',
};

/**
 * A tutor's listed course of one section, priced `price` rupees, made through the API as the
 * course form sends it (its cover, then the fields as JSON under `Data`). Answers its id.
 */
export async function publishCourse(tutor: Auth, course: CourseFields): Promise<string> {
  const form = new FormData();
  form.append(
    'image',
    new Blob([new Uint8Array(png(640, 360, course.colour))], { type: 'image/png' }),
    'c.png',
  );
  form.append(
    'Data',
    JSON.stringify({
      title: course.title,
      desc: course.desc ?? `${course.title}, start to finish.`,
      price: course.price,
      category: 'Web Development',
      difficulity: 'beginner',
      benefits: course.benefits ?? 'A certificate',
      prerequistes: 'None',
      ...(course.sequential === undefined ? {} : { sequential: course.sequential }),
      courseContent: [course.items ?? [WELCOME]],
    }),
  );
  const created = await call<ResponseOf<'/api/v1/create-course', 'post'>>('POST', '/api/v1/create-course', {
    as: tutor,
    form,
  });
  return created._id;
}

/** The ids of a course's items in order, as its tutor's update page reads them. */
export async function itemIdsOf(tutor: Auth, courseId: string): Promise<string[]> {
  const edit = await call<ResponseOf<'/api/v1/get-course-details-to-updateByTutor/{id}', 'get'>>(
    'GET',
    `/api/v1/get-course-details-to-updateByTutor/${courseId}`,
    { as: tutor },
  );
  return edit.courseContent.flat().map((item) => item._id as string);
}

/** A coupon of the tutor's for every course of theirs: `percentOff` off, from a minute ago for a day. */
export async function tutorCoupon(tutor: Auth, code: string, percentOff: number): Promise<void> {
  const now = Date.now();
  await call('POST', '/api/v1/coupons', {
    as: tutor,
    body: {
      code,
      courseId: null,
      percentOff,
      startsAt: new Date(now - 60_000).toISOString(),
      endsAt: new Date(now + 24 * 60 * 60_000).toISOString(),
    },
  });
}

/** Logs in on the log-in page as a person does (an account of `signUpAndLogIn`'s password). */
export async function logInOnPage(page: Page, username: string): Promise<void> {
  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  await page.getByLabel(/username/i).fill(username);
  await page.getByLabel(/password/i).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 30_000 });
}
