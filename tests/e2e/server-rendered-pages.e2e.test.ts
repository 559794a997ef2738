import type { LoginResponse, ResponseOf } from '@liveedu/api-client';
import { DEFAULT_DEMO_PASSWORD, DEMO_STUDENTS, IMAGE_WIDTHS, imageVariant } from '@liveedu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './support/api.ts';
import { type BrowserSession, openBrowser, platform, shows } from './support/browser.ts';
import { courseShapeProblems } from './support/schema-org.ts';

/**
 * Public pages as a crawler, a link preview and a visitor on a slow phone get them: HTML from
 * the server with the page's content, head and structured data, hydrated in the browser without
 * being rendered again; a sitemap of every listed course and a robots.txt.
 */

type Card = ResponseOf<'/api/v1/courses', 'get'>['courses'][number];

let session: BrowserSession;
let rated: Card;

beforeAll(async () => {
  session = await openBrowser();
  const list = await call<ResponseOf<'/api/v1/courses', 'get'>>(
    'GET',
    '/api/v1/courses?minRating=4&sort=rating',
  );
  const found = list.courses.find((course) => course.ratingCount > 0);
  if (!found) throw new Error('The seeded catalog has no rated course');
  rated = found;
});
afterAll(() => session?.close());

/** A price as the course page shows it: ₹1,500.00. */
const rupees = (price: number) =>
  `₹${price.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const pageHtml = async (path: string) => {
  const response = await fetch(`${platform().url}${path}`);
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    html: await response.text(),
  };
};

/** The text of the HTML inside `#root` (the rendered page), tags dropped. */
const rootText = (html: string) => {
  const start = html.indexOf('<div id="root">');
  return html
    .slice(start)
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
};

const jsonLd = (html: string): Array<Record<string, unknown>> =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? 'null') as Record<string, unknown>,
  );

describe('pages rendered on the server', () => {
  it("sends a course page as HTML with the course's title, price and rating, and its head", async () => {
    const { status, type, html } = await pageHtml(`/viewCouse/${rated._id}`);
    expect(status).toBe(200);
    expect(type).toMatch(/text\/html/);
    const text = rootText(html);
    expect(text).toContain(rated.title);
    expect(text).toContain(rupees(rated.price));
    expect(text).toContain(rated.ratingAverage.toFixed(1));
    expect(html).toContain(`<title>${rated.title} | LiveEdu</title>`);
    expect(html).toMatch(/<meta name="description" content="[^"]{20,160}"/);
    expect(html).toContain(`<link rel="canonical" href="${platform().url}/viewCouse/${rated._id}"`);
    expect(html).toContain(`<meta property="og:image" content="${rated.thumbnail}"`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"');
  });

  it("describes the course in JSON-LD that fits schema.org's Course, with a breadcrumb trail", async () => {
    const { html } = await pageHtml(`/viewCouse/${rated._id}`);
    const objects = jsonLd(html);
    const course = objects.find((object) => object['@type'] === 'Course');
    expect(course).toBeDefined();
    expect(courseShapeProblems(course)).toEqual([]);
    expect(course).toMatchObject({
      name: rated.title,
      offers: { price: rated.price, priceCurrency: 'INR' },
      aggregateRating: { ratingCount: rated.ratingCount },
    });
    const trail = objects.find((object) => object['@type'] === 'BreadcrumbList') as {
      itemListElement: Array<{ name: string; position: number }>;
    };
    expect(trail.itemListElement.map((item) => item.name)).toEqual([
      'Home',
      'Courses',
      rated.category,
      rated.title,
    ]);
  });

  it('renders the home page, the lists and an instructor with their content', async () => {
    const home = await pageHtml('/');
    expect(home.status).toBe(200);
    expect(rootText(home.html)).toContain('Recently Added');
    const courses = await pageHtml('/courses');
    expect(rootText(courses.html)).toContain(rated.title.slice(0, 12));
    const tutor = rated.courseCreatedBy.username;
    const instructor = await pageHtml(`/viewUser/${tutor}`);
    expect(instructor.html).toContain(`<title>${tutor}, instructor | LiveEdu</title>`);
    expect(rootText(instructor.html)).toContain('About me');
  });

  it('answers 404 with a page for a course that is not there', async () => {
    const missing = await pageHtml('/viewCouse/64d0c0de00000000000fffff');
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('<title>Course not found | LiveEdu</title>');
    expect((await pageHtml('/viewCouse/not-an-id')).status).toBe(404);
  });

  it("offers the course's picture resized, and the browser fetches a small copy first", async () => {
    const { html } = await pageHtml(`/viewCouse/${rated._id}`);
    const copies = (format: string) =>
      IMAGE_WIDTHS.map((width) => `${imageVariant(rated.thumbnail, width, format as 'avif')} ${width}w`).join(
        ', ',
      );
    // Attribute names are case-insensitive in HTML (React writes srcSet, fetchPriority).
    const markup = html.toLowerCase();
    expect(markup).toContain(`<source type="image/avif" srcset="${copies('avif')}"`.toLowerCase());
    expect(markup).toContain(`<source type="image/webp" srcset="${copies('webp')}"`.toLowerCase());
    expect(markup).toMatch(/<img src="[^"]+" alt="thumbnail of [^"]+" loading="eager" fetchpriority="high"/);

    const page = await session.browser.newPage({
      viewport: { width: 360, height: 740 },
      deviceScaleFactor: 1,
    });
    const images: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'image' && response.ok()) images.push(response.url());
    });
    await page.goto(`${platform().url}/viewCouse/${rated._id}`, { waitUntil: 'networkidle' });
    // Shown 360 px wide: the 640 px AVIF (the first copy at least as wide), not the original.
    expect(images, images.join(' ')).toContain(imageVariant(rated.thumbnail, 640, 'avif'));
    expect(images).not.toContain(rated.thumbnail);
    await page.close();
  });

  it('shows the course before any script runs', async () => {
    const context = await session.browser.newContext({ javaScriptEnabled: false, baseURL: platform().url });
    const page = await context.newPage();
    await page.goto(`/viewCouse/${rated._id}`);
    await shows(page.getByRole('heading', { level: 1, name: rated.title }));
    await shows(page.getByText(rupees(rated.price)));
    await shows(page.getByRole('link', { name: 'Courses' }));
    await context.close();
  });

  it('opens a course from anywhere on its card before any script runs', async () => {
    const context = await session.browser.newContext({ javaScriptEnabled: false, baseURL: platform().url });
    const page = await context.newPage();
    await page.goto('/courses');
    // The picture, not the title: the whole card is the course's link. The page waits for its app
    // in a disabled fieldset (HydrationGate), which Playwright takes for a disabled element; the
    // click is still a real one at the picture's place, reaching whatever is on top there.
    await page
      .getByTestId('course-card')
      .first()
      .getByRole('img', { name: /^Thumbnail of/ })
      .click({ force: true });
    await page.waitForURL('**/viewCouse/**');
    await shows(page.getByRole('heading', { level: 1 }));
    await context.close();
  });

  it('hydrates the page without rendering it again, and it then works as before', async () => {
    const page = await session.context.newPage();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    });
    await page.goto(`/viewCouse/${rated._id}`, { waitUntil: 'networkidle' });
    await shows(page.getByRole('heading', { level: 1, name: rated.title }));
    // A client-side navigation from the hydrated page: the document stays the same one.
    await page.evaluate(() => {
      (globalThis as { hydratedMarker?: boolean }).hydratedMarker = true;
    });
    await page.getByRole('link', { name: 'Courses', exact: true }).first().click();
    await page.waitForURL('**/courses');
    await shows(page.getByRole('heading', { name: 'All Courses' }));
    expect(await page.evaluate(() => (globalThis as { hydratedMarker?: boolean }).hydratedMarker)).toBe(true);
    expect(warnings.filter((text) => /rendered again|hydrat/i.test(text))).toEqual([]);
    await page.close();
  });

  it("gives a signed-in student their own course page, not the visitor's the server rendered", async () => {
    const student = DEMO_STUDENTS[0];
    const login = await call<LoginResponse>('POST', '/api/v1/login', {
      body: { username: student.username, password: DEFAULT_DEMO_PASSWORD },
    });
    const enrolled = await call<ResponseOf<'/api/v1/enrolled-courses', 'get'>>(
      'GET',
      '/api/v1/enrolled-courses',
      {
        as: login,
      },
    );
    const bought = enrolled.coursesEnrolled[0];
    if (!bought) throw new Error('The demo student has bought no course');
    // The server renders the visitor's page (Enroll Now); the student's browser shows theirs.
    expect(rootText((await pageHtml(`/viewCouse/${bought._id}`)).html)).toContain('Enroll Now');
    const context = await session.browser.newContext({ baseURL: platform().url });
    await context.addInitScript(
      ({ id, token }) => {
        const storage = (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } })
          .localStorage;
        storage.setItem('id', id);
        storage.setItem('token', token);
      },
      { id: login._id, token: login.token },
    );
    const page = await context.newPage();
    await page.goto(`/viewCouse/${bought._id}`, { waitUntil: 'domcontentloaded' });
    await shows(page.getByRole('link', { name: 'Start Learning' }));
    expect(await page.getByRole('button', { name: 'Enroll Now' }).count()).toBe(0);
    await context.close();
  });

  it('lists every listed course in the sitemap and keeps private pages out in robots.txt', async () => {
    const robots = await (await fetch(`${platform().url}/robots.txt`)).text();
    expect(robots).toContain('Disallow: /profile/');
    expect(robots).toContain('Disallow: /dashboard/');
    expect(robots).toContain(`Sitemap: ${platform().url}/sitemap.xml`);

    const index = await (await fetch(`${platform().url}/sitemap.xml`)).text();
    const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] as string);
    expect(files).toContain(`${platform().url}/sitemaps/pages.xml`);
    expect(files).toContain(`${platform().url}/sitemaps/courses-1.xml`);
    const listed = await (await fetch(`${platform().url}/sitemaps/courses-1.xml`)).text();
    expect(listed).toContain(`<loc>${platform().url}/viewCouse/${rated._id}</loc>`);
    const instructors = await (await fetch(`${platform().url}/sitemaps/instructors-1.xml`)).text();
    expect(instructors).toContain(`/viewUser/${rated.courseCreatedBy.username}</loc>`);
    const bad = await fetch(`${platform().url}/sitemaps/everything.xml`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toHaveProperty('message');
  });
});
