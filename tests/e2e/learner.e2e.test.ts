import type { CourseCard, ResponseOf } from '@liveedu/api-client';
import { DEFAULT_DEMO_PASSWORD, DEMO_TUTOR } from '@liveedu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, openBrowser, platform, shows } from './support/browser.ts';
import { payOnCoursePage, SUCCESS_CARD } from './support/checkout.ts';
import { playsPast } from './support/page-helpers.ts';

// One new student walks through the learner area: buying, favourites, todos, the player, the
// review and every setting. The steps share the account, so they run in order.

// A 2×2 PNG (the avatar upload checks the file's content, not its name).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

/** The browser's localStorage, typed here because the tests compile without the DOM library. */
type BrowserStorage = { localStorage: { getItem(key: string): string | null } };

/** The items of a student's profile sidebar, in order. */
const STUDENT_SIDEBAR = [
  'Enrolled Courses',
  'Order History',
  'Favourites',
  'Certificates',
  'Todo',
  'Live classes',
  'Notifications',
  'Settings',
  'Log out',
];

let session: BrowserSession;
let courses: CourseCard[];
const stamp = Date.now().toString(36);
const user = {
  username: `learner${stamp}`,
  email: `learner${stamp}@example.com`,
  password: 'first password 1',
};
let userId = '';

async function api<T>(path: string): Promise<T> {
  const res = await fetch(new URL(path, platform().url));
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  return (await res.json()) as T;
}

function toast(text: string | RegExp) {
  return session.page.getByRole('status').or(session.page.getByRole('alert')).filter({ hasText: text });
}

/** Opens a page and waits until the text shows, reloading while an asynchronous effect lands. */
async function eventually(path: string, check: () => Promise<boolean>, timeout = 30_000) {
  const until = Date.now() + timeout;
  for (;;) {
    await session.open(path);
    await session.page.waitForTimeout(1500);
    if (await check()) return;
    if (Date.now() > until) throw new Error(`${path} never showed what was expected`);
  }
}

/** Clicks `button`, then waits for `empty` to show, and to show still after a reload: the removal was saved. */
async function emptiedBy(button: string, empty: string) {
  const { page } = session;
  await page.getByRole('button', { name: button }).click();
  await shows(page.getByText(empty));
  await page.reload();
  await shows(page.getByText(empty));
}

const pay = (course: CourseCard, card: string) => payOnCoursePage(session.page, course._id, card, user.email);

beforeAll(async () => {
  session = await openBrowser();
  const all = await api<ResponseOf<'/api/v1/courses', 'get'>>('/api/v1/courses');
  // The demo tutor's seeded courses: other test files add courses of their own (one section,
  // other prices) to the same platform, in an order this file cannot know.
  courses = all.courses.filter((course) => course.courseCreatedBy.username === DEMO_TUTOR.username);
  expect(courses.length).toBeGreaterThanOrEqual(3);
});
afterAll(() => session?.close());

describe('the learner area', () => {
  it('sends a logged-out visitor from /profile to /signup', async () => {
    await session.open('/profile/todo');
    await session.page.waitForURL('**/signup', { timeout: 30_000 });
  });

  it('shows a new student the header card, the eight sidebar entries and the empty enrolled courses', async () => {
    const { page } = session;
    await session.open('/signup');
    await page.getByLabel(/username/i).fill(user.username);
    await page.getByLabel(/email/i).fill(user.email);
    await page.getByLabel(/password/i).fill(user.password);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL('**/profile', { timeout: 30_000 });
    userId =
      (await page.evaluate(() => (globalThis as unknown as BrowserStorage).localStorage.getItem('id'))) ?? '';
    expect(userId).toMatch(/^[0-9a-f]{24}$/);

    const header = page.getByRole('region', { name: 'Your profile' });
    await shows(header.getByRole('heading', { name: user.username }));
    await shows(header.getByText(user.email));
    await shows(header.getByText('student', { exact: true }));
    await shows(header.getByRole('link', { name: 'Apply For Tutor' }));
    expect(await header.getByRole('link', { name: 'Apply For Tutor' }).getAttribute('href')).toBe(
      '/teach-on-live-edu',
    );

    const sidebar = page.getByRole('navigation', { name: 'Profile', exact: true });
    const labels = await sidebar.getByRole('listitem').allInnerTexts();
    expect(labels.map((l) => l.trim())).toEqual(STUDENT_SIDEBAR);
    expect(await sidebar.getByRole('link', { name: 'Enrolled Courses' }).getAttribute('href')).toBe(
      '/profile',
    );

    await shows(page.getByRole('link', { name: 'See Courses' }));
    await page.getByRole('link', { name: 'Order History' }).click();
    await shows(page.getByText('No Order History'));
    await session.screenshot('learner-profile-empty');
  });

  it('buys a course with the success card: payment success, Enrolled Courses, Success in Order History, Start Learning', async () => {
    const { page } = session;
    const course = courses[0]!;
    await pay(course, SUCCESS_CARD);
    await page.waitForURL('**/paymentsuccess?reference=*', { timeout: 30_000 });
    await shows(page.getByText('PAYMENT SUCCESSFUL'));
    const reference = new URL(page.url()).searchParams.get('reference');
    expect(reference).toMatch(/^pay_/);

    // Enrollment follows the payment event, so the list may need a moment.
    await eventually('/profile', () => page.getByRole('link', { name: 'Start Learning' }).isVisible());
    const startHref = await page.getByRole('link', { name: 'Start Learning' }).getAttribute('href');
    expect(startHref).toBe(`/learn/${course._id}/user/${userId}`);
    await session.screenshot('learner-enrolled');

    await session.open('/profile/order-history');
    const row = page.getByRole('row').filter({ hasText: reference! });
    await shows(row);
    expect(await row.innerText()).toMatch(/Success/);
    expect(await row.getByRole('link').getAttribute('href')).toBe(`/viewCouse/${course._id}`);

    await session.open(`/viewCouse/${course._id}`);
    await shows(page.getByRole('link', { name: 'Start Learning' }));
  });

  it('leaves a Fail row and no enrollment after the declined card', async () => {
    const { page } = session;
    const course = courses[1]!;
    const frame = await pay(course, '4000 0000 0000 0002');
    await shows(frame.locator('#rzp-declined'));
    await page.getByRole('button', { name: 'Close checkout' }).click();

    await session.open('/profile/order-history');
    const row = page.getByRole('row').filter({ hasText: course.title });
    await shows(row);
    expect(await row.innerText()).toMatch(/Fail/);
    expect(await row.innerText()).toMatch(/\t-\t/);
    await session.screenshot('learner-order-history');

    // The filters ask the server for a period; today's orders are in every one of them.
    await page.getByRole('button', { name: 'Today' }).click();
    await shows(page.getByRole('row').filter({ hasText: course.title }));
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await shows(page.getByRole('row').filter({ hasText: courses[0]!.title }));

    await session.open('/profile');
    await shows(page.getByRole('link', { name: 'Start Learning' }));
    expect(await page.getByTestId('course-card').count()).toBe(1);
    await session.open(`/viewCouse/${course._id}`);
    await shows(page.getByRole('button', { name: 'Enroll Now' }));
  });

  it('adds a favourite from the catalog and removes it from Favourites', async () => {
    const { page } = session;
    await session.open('/profile/favourites');
    await shows(page.getByText('No Favourite Course'));
    const course = courses[2]!;
    await session.open(`/courses`);
    const card = page
      .getByTestId('course-card')
      .filter({ has: page.locator(`a[href="/viewCouse/${course._id}"]`) });
    await card.getByRole('button', { name: 'Add to favourite' }).click();
    await shows(toast(/favourite/i));

    await session.open('/profile/favourites');
    await shows(page.getByRole('button', { name: 'Remove from favourite' }));
    expect(await page.getByTestId('course-card').count()).toBe(1);
    await emptiedBy('Remove from favourite', 'No Favourite Course');
  });

  it('adds, views and deletes a todo, and refuses an empty one', async () => {
    const { page } = session;
    await session.open('/profile/todo');
    await shows(page.getByText('Your ToDo Is Empty'));
    await page.getByRole('button', { name: 'Add' }).click();
    await shows(page.getByText("Empty todo can't be created."));

    const text = `Revise the generics lesson ${stamp}, then redo the exercise on conditional types before Friday's live class.`;
    await page.getByPlaceholder('Write Todo').fill(text);
    await page.getByRole('button', { name: 'Add' }).click();
    await shows(page.getByTestId('todo'));
    await page.getByRole('button', { name: 'View' }).click();
    const dialog = page.getByRole('dialog');
    await shows(dialog.getByText(text));
    await session.screenshot('learner-todo-view');
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.reload();
    await shows(page.getByTestId('todo'));
    await emptiedBy('Delete', 'Your ToDo Is Empty');
  });

  it('plays the course, switches videos across sections, and the review shows on the course page', async () => {
    const { page } = session;
    const course = courses[0]!;
    const before = await api<ResponseOf<'/api/v1/get-course-details/{id}', 'get'>>(
      `/api/v1/get-course-details/${course._id}`,
    );
    const content = await page.evaluate(
      async ([c, u]) => {
        const storage = (globalThis as unknown as BrowserStorage).localStorage;
        const res = await fetch(`/api/v1/learn-course/${c}/user/${u}`, {
          headers: { authorization: `Bearer ${storage.getItem('token')}`, id: storage.getItem('id') ?? '' },
        });
        return (await res.json()) as {
          courseContent: {
            sectionTitle: string;
            videoTitle: string;
            videoLink: string;
            videoId?: string;
          }[][];
        };
      },
      [course._id, userId],
    );
    expect(content.courseContent.length).toBeGreaterThanOrEqual(2);
    // The demo's lectures are hosted here: made and transcoded at start, played once ready.
    const first = content.courseContent[0]![0]!;
    expect(first.videoId).toMatch(/^[0-9a-f]{24}$/);
    await expect
      .poll(
        () =>
          page.evaluate(async (videoId) => {
            const storage = (globalThis as unknown as BrowserStorage).localStorage;
            const res = await fetch(`/api/v1/videos/${videoId}/playback`, {
              headers: {
                authorization: `Bearer ${storage.getItem('token')}`,
                id: storage.getItem('id') ?? '',
              },
            });
            return res.status;
          }, first.videoId as string),
        { timeout: 120_000, interval: 1_000 },
      )
      .toBe(200);

    await session.open('/profile');
    await page
      .getByRole('link', { name: /Start Learning|Continue/ })
      .first()
      .click();
    await page.waitForURL(`**/learn/${course._id}/user/${userId}`);
    await shows(page.getByRole('heading', { level: 1, name: course.title.slice(0, 80) }));
    const video = page.locator('video');
    await shows(video);
    expect(await video.getAttribute('controlslist')).toContain('nodownload');
    // It plays: keyboard "k" starts it, and its clock moves.
    await page.locator(`[tabindex="0"][aria-label="${first.videoTitle}"]`).focus();
    await page.keyboard.press('k');
    await playsPast(video, 0.5);
    // Right-click on the video is cancelled.
    const prevented = await video.evaluate((el) => {
      const Mouse = (globalThis as unknown as { MouseEvent: typeof Event }).MouseEvent;
      const event = new Mouse('contextmenu', { bubbles: true, cancelable: true });
      el.dispatchEvent(event);
      return event.defaultPrevented;
    });
    expect(prevented).toBe(true);

    const second = content.courseContent[1]!;
    const sectionButton = page.getByRole('button', { name: new RegExp(second[0]!.sectionTitle) });
    expect(await sectionButton.getAttribute('aria-expanded')).toBe('false');
    await sectionButton.click();
    expect(await sectionButton.getAttribute('aria-expanded')).toBe('true');
    const target = second[second.length - 1]!;
    await page.getByRole('button', { name: target.videoTitle, exact: true }).click();
    await shows(page.getByRole('heading', { level: 2, name: target.videoTitle }));
    await shows(page.locator('[data-testid="hls-player"]'));
    await session.screenshot('learner-player');

    const form = page.getByRole('form', { name: 'Rate this course' });
    await form.getByRole('button', { name: 'Submit review' }).click();
    await shows(form.getByText('All fields are required'));
    await form.locator('label', { hasText: '4 stars' }).click();
    await form.getByLabel('Review').fill(`Clear lessons and good exercises (${stamp}).`);
    await form.getByRole('button', { name: 'Submit review' }).click();
    await shows(toast('Review added successfully'));

    await session.open(`/viewCouse/${course._id}`);
    const reviews = page.locator('dt', { hasText: 'Reviews' }).locator('xpath=following-sibling::dd[1]');
    await expect.poll(() => reviews.innerText(), { timeout: 20_000 }).toBe(String(before.ratingCount + 1));
  });

  it('resumes where the student left off, and finishing earns a certificate anyone can check', async () => {
    const { page } = session;
    const course = courses[0]!;
    await session.open(`/learn/${course._id}/user/${userId}`);
    const video = page.locator('video');
    await shows(video);
    const player = page.locator('[tabindex="0"][aria-label]').filter({ has: video });
    const clock = () => video.evaluate((v) => (v as unknown as { currentTime: number }).currentTime);
    // Watch a few seconds of the first lecture, pause (the player reports it) and leave.
    await player.focus();
    await page.keyboard.press('k');
    await expect.poll(clock, { timeout: 30_000 }).toBeGreaterThan(3);
    const reported = page.waitForResponse(
      (r) => r.url().includes(`/api/v1/progress/${course._id}/`) && r.request().method() === 'PUT',
    );
    await page.keyboard.press('k');
    expect((await reported).status()).toBe(200);
    const watchedTo = await clock();

    await session.open('/profile');
    const card = page.getByRole('listitem').filter({ hasText: course.title });
    await shows(card.getByText(/% complete/));
    await card.getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL(`**/learn/${course._id}/user/${userId}`);
    await shows(page.locator('video'));
    await expect.poll(clock, { timeout: 30_000 }).toBeGreaterThan(0);
    expect(Math.abs((await clock()) - watchedTo)).toBeLessThanOrEqual(5);

    // The rest of the course, as the player reports a lecture watched to the end.
    await page.evaluate(
      async ([courseId, studentId]) => {
        const storage = (globalThis as unknown as BrowserStorage).localStorage;
        const headers = {
          authorization: `Bearer ${storage.getItem('token')}`,
          id: storage.getItem('id') ?? '',
          'content-type': 'application/json',
        };
        const learn = (await (
          await fetch(`/api/v1/learn-course/${courseId}/user/${studentId}`, { headers })
        ).json()) as {
          courseContent: { _id: string }[][];
        };
        for (const item of learn.courseContent.flat()) {
          await fetch(`/api/v1/progress/${courseId}/${item._id}`, {
            method: 'PUT',
            headers,
            body: JSON.stringify({ positionSec: 8, durationSec: 8, watchedRanges: [[0, 8]] }),
          });
        }
      },
      [course._id, userId],
    );
    await eventually('/profile/certificates', () =>
      page.getByRole('heading', { name: course.title }).isVisible(),
    );
    await session.screenshot('learner-certificates');
    await page.getByRole('link', { name: 'View' }).first().click();
    await page.waitForURL('**/certificates/*');
    await shows(page.getByTestId('certificate-student').filter({ hasText: user.username }));
    await shows(page.getByTestId('certificate-course').filter({ hasText: course.title }));
  });

  it('shows the server’s message when the player cannot load a course that was not bought', async () => {
    await session.open(`/learn/${courses[1]!._id}/user/${userId}`);
    await shows(
      session.page.getByRole('alert').filter({ hasText: 'Please buy this course to start learning' }),
    );
  });

  it('changes username, description and avatar, then the password, and logs in again with it', async () => {
    const { page } = session;
    await session.open('/profile/settings');
    const email = page.getByLabel('Email');
    await shows(email);
    expect(await email.inputValue()).toBe(user.email);
    expect(await email.getAttribute('readonly')).not.toBeNull();

    const username = page.getByLabel('Username');
    await username.fill('');
    await page.getByRole('button', { name: 'Change Username' }).click();
    await shows(toast('Username field is empty.'));
    const newName = `renamed${stamp}`;
    await username.fill(newName);
    await page.getByRole('button', { name: 'Change Username' }).click();
    await shows(toast('Username changed successfully'));
    await shows(page.getByRole('region', { name: 'Your profile' }).getByRole('heading', { name: newName }));

    const desc = page.getByLabel('Description');
    const height = await desc.evaluate((el) => {
      const css = globalThis as unknown as { getComputedStyle(e: unknown): { height: string } };
      return css.getComputedStyle(el).height;
    });
    expect(height).toBe(`${Math.round(900 * 0.3)}px`);
    await page.getByRole('button', { name: 'View description' }).click();
    await shows(page.getByRole('dialog').getByText('No Description'));
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await shows(toast('Description is empty.'));
    await desc.fill('I teach myself web development.\nEvenings and weekends.');
    await page.getByRole('button', { name: 'Save' }).click();
    await shows(toast('Description updated successfully'));
    await page.reload();
    await page.getByRole('button', { name: 'View description' }).click();
    const shown = page.getByTestId('description-text');
    await shows(shown);
    expect(await shown.innerText()).toBe('I teach myself web development.\nEvenings and weekends.');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    const avatar = page.getByRole('region', { name: 'Your profile' }).getByRole('img');
    const oldAvatar = await avatar.getAttribute('src');
    await page.getByRole('button', { name: 'Change avatar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change avatar' });
    await shows(dialog.getByText('Select Image'));
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await shows(dialog.getByText('Please select an image first.'));
    expect(await dialog.locator('input[type=file]').getAttribute('accept')).toBe('image/png,image/jpeg');
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await session.screenshot('learner-avatar-dialog');
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await shows(toast('Avatar updated successfully'));
    await expect.poll(() => avatar.getAttribute('src')).not.toBe(oldAvatar);
    await session.screenshot('learner-settings');

    await page.getByLabel('Current password').fill('not my password');
    await page.getByLabel('New password', { exact: true }).fill('second password 2');
    await page.getByLabel('Confirm new password').fill('second password 2');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await shows(toast('Current password is incorrect'));
    await page.getByLabel('Current password').fill(user.password);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await shows(toast('Password changed successfully'));

    await page
      .getByRole('navigation', { name: 'Profile', exact: true })
      .getByRole('button', { name: 'Log out' })
      .click();
    await page.waitForURL((url) => url.pathname === '/');
    await session.open('/login');
    await page.getByLabel(/username/i).fill(newName);
    await page.getByLabel(/password/i).fill('second password 2');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/profile', { timeout: 30_000 });
    await shows(page.getByRole('region', { name: 'Your profile' }).getByRole('heading', { name: newName }));
  });

  it('on a small screen shows the shortcuts and toggles the sidebar with More', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 390, height: 844 });
    await session.open('/profile');
    const bar = page.getByRole('navigation', { name: 'Profile shortcuts' });
    await shows(bar.getByRole('link', { name: 'Enrolled Courses' }));
    await shows(bar.getByRole('link', { name: 'Order History' }));
    const sidebar = page.getByRole('navigation', { name: 'Profile', exact: true });
    expect(await sidebar.isVisible()).toBe(false);
    await bar.getByRole('button', { name: 'More' }).click();
    await shows(sidebar.getByRole('link', { name: 'Settings' }));
    await session.screenshot('learner-mobile-more');
    await sidebar.getByRole('link', { name: 'Todo' }).click();
    await page.waitForURL('**/profile/todo');
    // The sidebar folds away once the page has followed the link.
    await sidebar.waitFor({ state: 'hidden', timeout: 5_000 });
  });
});

describe('the profile frame of a tutor', () => {
  let tutor: BrowserSession;
  beforeAll(async () => {
    tutor = await openBrowser();
  });
  afterAll(() => tutor?.close());

  it('shows all sixteen entries, Create A New Course, and the tutor pages inside the frame', async () => {
    const { page } = tutor;
    await tutor.open('/login');
    await page.getByLabel(/username/i).fill(DEMO_TUTOR.username);
    await page.getByLabel(/password/i).fill(DEFAULT_DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/profile', { timeout: 30_000 });

    const header = page.getByRole('region', { name: 'Your profile' });
    await shows(header.getByRole('link', { name: 'Create A New Course' }));
    expect(await header.getByRole('link', { name: 'Apply For Tutor' }).count()).toBe(0);
    const sidebar = page.getByRole('navigation', { name: 'Profile', exact: true });
    const labels = (await sidebar.getByRole('listitem').allInnerTexts()).map((l) => l.trim());
    // A tutor learns too: the student's items follow the tutor's own.
    expect(labels).toEqual([
      'My Courses',
      'Payment History',
      'Analytics',
      'Withdraw Money',
      'Grading',
      'Questions',
      'Coupons',
      ...STUDENT_SIDEBAR,
    ]);
    // My Courses at /profile comes from the tutor remote, inside this frame.
    await shows(page.getByRole('link', { name: 'Add Course' }));
    await tutor.screenshot('learner-tutor-profile');

    await sidebar.getByRole('link', { name: 'Analytics' }).click();
    await page.waitForURL('**/profile/tutor-analytics');
    await shows(page.getByText('Total Earnings'));
    await shows(header);

    // A deep link works as well: the frame reads the role before choosing the page.
    await tutor.open('/profile/withdraw-money');
    await shows(sidebar.getByRole('link', { name: 'Withdraw Money' }));
    expect(new URL(page.url()).pathname).toBe('/profile/withdraw-money');
    await sidebar.getByRole('link', { name: 'Enrolled Courses' }).click();
    await page.waitForURL('**/profile/enrolled-courses');
    await shows(page.getByRole('heading', { name: 'Enrolled Courses' }));
  });
});
