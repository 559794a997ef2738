import type { ResponseOf } from '@liveedu/api-client';
import { catalogService } from '@liveedu/catalog';
import { DEMO_STUDENTS, DEMO_TUTOR } from '@liveedu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ services: { catalog: catalogService }, env: { SEED_DEMO: '1' } });
});
afterAll(() => stack?.close());

describe('demo content', () => {
  it('fills the home page on first start: a dozen courses with thumbnails, content and reviews', async () => {
    const all = await stack.call<ResponseOf<'/api/v1/courses', 'get'>>('GET', '/api/v1/courses');
    expect(all.status).toBe(200);
    expect(all.body.courses).toHaveLength(12);
    expect(all.body.courses.every((c) => c.courseCreatedBy._id === DEMO_TUTOR.id)).toBe(true);

    const recent = await stack.call<ResponseOf<'/api/v1/recently-added-courses', 'get'>>(
      'GET',
      '/api/v1/recently-added-courses',
    );
    expect(recent.body.courses).toHaveLength(8);
    const loved = await stack.call<ResponseOf<'/api/v1/courses-loved-by-students', 'get'>>(
      'GET',
      '/api/v1/courses-loved-by-students',
    );
    expect(loved.body.courses).toHaveLength(8);
    const top = await stack.call<ResponseOf<'/api/v1/get-top4-reviews', 'get'>>(
      'GET',
      '/api/v1/get-top4-reviews',
    );
    expect(top.body.reviews).toHaveLength(4);
    expect(top.body.reviews.every((r) => r.rating === 5)).toBe(true);
    const names: string[] = DEMO_STUDENTS.map((s) => s.username);
    expect(top.body.reviews.every((r) => names.includes(r.user.username))).toBe(true);

    // The thumbnail is a real PNG in the public bucket.
    const s3 = stack.services.catalog!.app.config.s3;
    const thumbnail = all.body.courses[0]!.thumbnail;
    const prefix = `${stack.url}/files/`;
    expect(thumbnail.startsWith(prefix)).toBe(true);
    const image = await fetch(`http://${s3.endPoint}:${s3.port}/${thumbnail.slice(prefix.length)}`);
    expect(image.status).toBe(200);
    const bytes = Buffer.from(await image.arrayBuffer());
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    expect(bytes.length).toBeGreaterThan(2_000);

    const detail = await stack.call<ResponseOf<'/api/v1/get-course-details/{id}', 'get'>>(
      'GET',
      `/api/v1/get-course-details/${all.body.courses.at(-1)!._id}`,
    );
    expect(detail.body.courseContent.length).toBeGreaterThan(1);
    expect(detail.body.reviews.length).toBeGreaterThan(0);

    const page = await stack.call<ResponseOf<'/api/v1/viewUser/{username}', 'get'>>(
      'GET',
      `/api/v1/viewUser/${DEMO_TUTOR.username}`,
    );
    expect(page.status).toBe(200);
    expect(page.body.user.coursesCreated).toHaveLength(12);
  });

  it('seeds nothing twice across restarts', async () => {
    const db = stack.services.catalog!.app.db;
    const before = await Promise.all(
      ['courses', 'categories', 'enrollments', 'reviews', 'tutors'].map((c) =>
        db.collection(c).countDocuments(),
      ),
    );
    await catalogService.onReady!(stack.services.catalog!.app);
    const after = await Promise.all(
      ['courses', 'categories', 'enrollments', 'reviews', 'tutors'].map((c) =>
        db.collection(c).countDocuments(),
      ),
    );
    expect(after).toEqual(before);
    expect(before[0]).toBe(12);
  });
});
