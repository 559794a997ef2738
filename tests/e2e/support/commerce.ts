import type { ResponseOf } from '@liveedu/api-client';
import type { Page } from 'playwright-core';
import { PASSWORD } from './accounts.ts';
import { type Auth, call } from './api.ts';
import { png } from './page-helpers.ts';

/**
 * A tutor's listed course of one section and one video, priced `price` rupees, made through the
 * API as the course form sends it (its cover, then the fields as JSON under `Data`). Answers its id.
 */
export async function publishCourse(
  tutor: Auth,
  course: { title: string; price: number; colour: [number, number, number] },
): Promise<string> {
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
      desc: `${course.title}, start to finish.`,
      price: course.price,
      category: 'Web Development',
      difficulity: 'beginner',
      benefits: 'A certificate',
      prerequistes: 'None',
      courseContent: [
        [
          {
            sectionTitle: 'Start',
            videoTitle: 'Welcome',
            videoDesc: 'What the course covers',
            videoLink: 'https://videos.example.com/welcome.mp4',
          },
        ],
      ],
    }),
  );
  const created = await call<ResponseOf<'/api/v1/create-course', 'post'>>('POST', '/api/v1/create-course', {
    as: tutor,
    form,
  });
  return created._id;
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
