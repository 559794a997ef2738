import type { CourseDetails } from '@liveedu/api-client';
import { courseDetailsKey } from '@liveedu/query';
import { describe, expect, it } from 'vitest';
import { courseJsonLd, describe as describeText, pageHead } from './page-head.ts';

const ORIGIN = 'https://liveedu.example';

const course = (overrides: Partial<CourseDetails> = {}): CourseDetails => ({
  _id: '64d0c0de00000000000c0001',
  title: 'Node.js & "Streams"',
  desc: 'Streams, back-pressure and pipelines. '.repeat(10),
  thumbnail: '/files/thumbs/node.png',
  price: 499,
  category: 'Web Development',
  difficulity: 'intermediate',
  benefits: '',
  prerequistes: '',
  enrolledCount: 12,
  studentsEnrolled: [],
  reviews: [],
  ratingAverage: 4.25,
  ratingCount: 8,
  courseCreatedBy: { _id: '64d0c0de0000000000000001', username: 'priya' },
  createdAt: '2026-01-01T00:00:00.000Z',
  courseContent: [
    [
      { _id: 'a', kind: 'video', sectionTitle: 'One', videoTitle: 'Intro', durationSec: 600 },
      { _id: 'b', kind: 'video', sectionTitle: 'One', videoTitle: 'Pipes', durationSec: 1200 },
    ],
  ],
  instructor: {
    _id: '64d0c0de0000000000000001',
    username: 'priya',
    avatar: '',
    desc: '',
    courses: 3,
    students: 40,
    ratingAverage: 4.5,
    ratingCount: 10,
  },
  ...overrides,
});

const request = (page: string, params: Record<string, string>, answers: Map<string, unknown>) => ({
  page,
  params,
  search: new URLSearchParams(),
  origin: ORIGIN,
  read: (key: readonly unknown[]) => answers.get(JSON.stringify(key)),
});

describe("the catalog pages' heads", () => {
  it('gives a course page its title, price and rating in the description, its picture and its JSON-LD', () => {
    const c = course();
    const head = pageHead(
      request('course-detail', { id: c._id }, new Map([[JSON.stringify(courseDetailsKey(c._id)), c]])),
    );
    expect(head.title).toBe('Node.js & "Streams" | LiveEdu');
    expect(head.description.startsWith('₹499. Rated 4.3/5. Streams, back-pressure')).toBe(true);
    expect(head.description.length).toBeLessThanOrEqual(160);
    expect(head.image).toBe('/files/thumbs/node.png');
    expect(head.path).toBe(`/viewCouse/${c._id}`);
    expect(head.jsonLd?.map((o) => (o as { '@type': string })['@type'])).toEqual([
      'Course',
      'BreadcrumbList',
    ]);
  });

  it('describes a course with its offer, rating, instructor and workload', () => {
    expect(courseJsonLd(course(), ORIGIN)).toMatchObject({
      '@type': 'Course',
      url: `${ORIGIN}/viewCouse/64d0c0de00000000000c0001`,
      image: `${ORIGIN}/files/thumbs/node.png`,
      offers: { '@type': 'Offer', price: 499, priceCurrency: 'INR', category: 'Paid' },
      aggregateRating: { ratingValue: 4.3, ratingCount: 8, bestRating: 5, worstRating: 1 },
      hasCourseInstance: {
        courseMode: 'Online',
        courseWorkload: 'PT30M',
        instructor: { '@type': 'Person', name: 'priya', url: `${ORIGIN}/viewUser/priya` },
      },
    });
  });

  it('leaves the rating out of an unrated course, and calls a course at 0 free', () => {
    const free = courseJsonLd(course({ ratingCount: 0, ratingAverage: 0, price: 0 }), ORIGIN);
    expect(free).not.toHaveProperty('aggregateRating');
    expect(free).toMatchObject({ offers: { price: 0, category: 'Free' } });
  });

  it('says a course that could not be read is not found, without structured data', () => {
    const head = pageHead(request('course-detail', { id: 'missing' }, new Map()));
    expect(head.title).toBe('Course not found | LiveEdu');
    expect(head.jsonLd).toBeUndefined();
  });

  it('keeps a list page’s query in its address and names the category', () => {
    const head = pageHead({
      ...request('courses-by-category', { cat: 'Web Development' }, new Map()),
      search: new URLSearchParams('sort=rating'),
    });
    expect(head.title).toBe('Web Development courses | LiveEdu');
    expect(head.path).toBe('/courses/Web%20Development?sort=rating');
  });

  it('cuts a long description at a word, within 160 characters', () => {
    const text = describeText('word '.repeat(100));
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text.endsWith('word…')).toBe(true);
    expect(describeText('  short\n text ')).toBe('short text');
  });
});
