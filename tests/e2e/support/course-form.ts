import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { shows } from './browser.ts';
import { png } from './page-helpers.ts';

/** Opens the create-course form and waits until its categories have loaded. */
export async function openCourseForm(page: Page): Promise<void> {
  await page.goto('/create-a-new-course', { waitUntil: 'domcontentloaded' });
  await page
    .locator('#course-category option[value="Web Development"]')
    .waitFor({ state: 'attached', timeout: 30_000 });
}

/**
 * The course's own fields of the form, for a beginners' Web Development course: first its
 * thumbnail, a 640×360 PNG of one colour dropped as a user drags a file there, then the rest.
 */
export async function fillCourse(
  page: Page,
  course: {
    thumbnail: [number, number, number];
    title: string;
    description: string;
    price: number;
    benefits: string;
    prerequisites: string;
  },
): Promise<void> {
  const base64 = png(640, 360, course.thumbnail).toString('base64');
  const transfer = await page.evaluateHandle(`(() => {
    const bytes = Uint8Array.from(atob('${base64}'), (c) => c.charCodeAt(0));
    const dt = new DataTransfer();
    dt.items.add(new File([bytes], 'cover.png', { type: 'image/png' }));
    return dt;
  })()`);
  await page
    .locator('label', { hasText: 'Choose a thumbnail' })
    .dispatchEvent('drop', { dataTransfer: transfer });
  await shows(page.getByRole('img', { name: 'Preview of cover.png' }));

  await page.getByLabel('Title', { exact: true }).fill(course.title);
  await page.getByLabel('Description', { exact: true }).fill(course.description);
  await page.getByLabel('Price (₹)').fill(String(course.price));
  await page.getByLabel('Category').selectOption('Web Development');
  await page.getByLabel('Level').selectOption('beginner');
  await page.getByLabel('Benefits').fill(course.benefits);
  await page.getByLabel('Prerequisites').fill(course.prerequisites);
}

/** One video of a section (`item`, its group on the form): the section's title, then the video's fields. */
export async function fillVideo(
  item: Locator,
  video: { sectionTitle: string; title: string; description: string; link: string },
): Promise<void> {
  await item.getByRole('button', { name: 'Edit title' }).click();
  await item.getByLabel('Section title').fill(video.sectionTitle);
  await item.getByRole('button', { name: 'Done' }).click();
  await item.getByLabel('Video title').fill(video.title);
  await item.getByLabel('Video description').fill(video.description);
  await item.getByLabel('Video link').fill(video.link);
}

/** The tutor's card of a course in My Courses (on /profile), once it shows, and the id it links to. */
export async function myCourse(page: Page, cardTitle: string): Promise<{ card: Locator; id: string }> {
  await page.goto('/profile', { waitUntil: 'domcontentloaded' });
  const card = page.getByTestId('course-card').filter({ hasText: cardTitle });
  await shows(card, 30_000);
  const href = await card.getByRole('link', { name: cardTitle }).getAttribute('href');
  const id = href?.split('/').pop() ?? '';
  expect(id).toMatch(/^[0-9a-f]{24}$/);
  return { card, id };
}

/** Waits until the catalog (/courses) lists the course. */
export async function showsInCatalog(page: Page, cardTitle: string): Promise<void> {
  await page.goto('/courses', { waitUntil: 'domcontentloaded' });
  await shows(page.getByRole('link', { name: cardTitle }), 30_000);
}
