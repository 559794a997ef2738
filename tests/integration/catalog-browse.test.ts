import type { ResponseOf } from '@liveedu/api-client';
import { catalogService } from '@liveedu/catalog';
import { identityService } from '@liveedu/identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse, newTutor, readOk } from '../support/flows.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

type Courses = ResponseOf<'/api/v1/courses', 'get'>;
type Category = ResponseOf<'/api/v1/courses/{cat}', 'get'>;
type Search = ResponseOf<'/api/v1/search/{query}', 'get'>;

let stack: TestStack;

/** Four courses on zebrafish that differ in price, level and category. */
const COURSES = [
  { title: 'Zebrafish care', price: 399, difficulity: 'beginner', category: 'Web Development' },
  { title: 'Zebrafish genetics', price: 1499, difficulity: 'advance', category: 'Web Development' },
  { title: 'Zebrafish imaging', price: 799, difficulity: 'intermediate', category: 'Data Science' },
  { title: 'Zebrafish breeding', price: 599, difficulity: 'intermediate', category: 'Web Development' },
];

beforeAll(async () => {
  stack = await startTestStack({
    services: { identity: identityService, catalog: catalogService },
    env: { SEED_DEMO: '0' },
  });
  const tutor = await newTutor(stack, 'browse');
  for (const course of COURSES) await createCourse(stack, tutor, course);
});

afterAll(() => stack?.close());

const titles = (cards: { title: string }[]) => cards.map((card) => card.title);

describe('sorting and filtering the lists', () => {
  it('orders all courses by price and narrows them by level and price, with counts', async () => {
    const all = await readOk<Courses>(stack, '/api/v1/courses?sort=price-asc');
    expect(titles(all.courses)).toEqual([
      'Zebrafish care',
      'Zebrafish breeding',
      'Zebrafish imaging',
      'Zebrafish genetics',
    ]);
    expect(all.facets.level).toEqual({ beginner: 1, intermediate: 2, advance: 1, 'all level': 0 });
    expect(all.facets.price).toEqual({ free: 0, under500: 1, '500to1000': 2, over1000: 1 });

    const narrowed = await readOk<Courses>(
      stack,
      '/api/v1/courses?sort=price-desc&level=intermediate&level=beginner&minPrice=400&maxPrice=1000',
    );
    expect(titles(narrowed.courses)).toEqual(['Zebrafish imaging', 'Zebrafish breeding']);
    expect(narrowed.total).toBe(2);
    // The level counts leave the level filter out: the advanced course is over the price range.
    expect(narrowed.facets.level).toEqual({ beginner: 0, intermediate: 2, advance: 0, 'all level': 0 });
  });

  it("narrows a category's list and a search the same way", async () => {
    const category = await readOk<Category>(stack, '/api/v1/courses/web%20development?sort=price-desc');
    expect(titles(category.courses.courses)).toEqual([
      'Zebrafish genetics',
      'Zebrafish breeding',
      'Zebrafish care',
    ]);
    expect(category.facets.level.intermediate).toBe(1);

    const found = await readOk<Search>(stack, '/api/v1/search/zebrafish?level=intermediate&sort=price-asc');
    expect(titles(found.courses)).toEqual(['Zebrafish breeding', 'Zebrafish imaging']);
    expect(found.facets.level).toEqual({ beginner: 1, intermediate: 2, advance: 1, 'all level': 0 });

    const relevant = await readOk<Search>(stack, '/api/v1/search/zebrafish%20genetics?minRating=0');
    expect(titles(relevant.courses)).toEqual(['Zebrafish genetics']);
  });

  it.each([
    ['/api/v1/courses?sort=cheapest', /sort must be one of/],
    ['/api/v1/courses?level=expert', /level must be one of/],
    ['/api/v1/courses?minRating=6', /minRating must be a rating from 0 to 5/],
    ['/api/v1/courses?minPrice=900&maxPrice=100', /minPrice must not be above maxPrice/],
    ['/api/v1/search/zebrafish?maxPrice=-1', /maxPrice must be a whole number of rupees/],
    ['/api/v1/courses/data%20science?free=yes', /free must be true or false/],
  ])('refuses %s with 400 and a message', async (path, message) => {
    const answer = await stack.call<{ message: string }>('GET', path);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(message);
  });
});
