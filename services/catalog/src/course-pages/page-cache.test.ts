import type { ServiceApp } from '@liveedu/service-kit';
import { testDatabase } from '@liveedu/test-kit';
import { type Db, ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COURSES, type CourseDoc } from '../courses/store.ts';
import { createCoursePages } from './page-cache.ts';

let db: Db;
let drop: () => Promise<void> = async () => {};
beforeAll(async () => {
  ({ db, drop } = await testDatabase('catalog', 'page-cache', [COURSES]));
});
afterAll(() => drop());

/** A listed course with no content; `descBytes` of description. */
async function course(title: string, descBytes: number): Promise<string> {
  const _id = new ObjectId();
  const doc: CourseDoc = {
    _id,
    title,
    titleKey: title.toLowerCase(),
    desc: 'd'.repeat(descBytes),
    thumbnailKey: `${_id.toHexString()}.webp`,
    pricePaise: 49_900,
    category: 'Design',
    categoryKey: 'design',
    difficulity: 'beginner',
    benefits: '',
    prerequistes: '',
    sections: [],
    tutorId: new ObjectId().toHexString(),
    tutorUsername: 'tutor',
    enrolledCount: 0,
    latestReviews: [],
    ratingSum: 0,
    ratingCount: 0,
    ratingAverage: 0,
    listed: true,
    createdAt: new Date(),
    updatedAt: new Date(),
    day: '2026-11-29',
    month: '2026-11',
  };
  await COURSES.in(db).insertOne(doc);
  return _id.toHexString();
}

const retitle = (id: string, title: string) =>
  COURSES.in(db).updateOne({ _id: new ObjectId(id) }, { $set: { title } });

describe('the course pages a catalog keeps', () => {
  it('are bounded by their size, not their number: a large page pushes out the page read longest ago', async () => {
    const app = { db, storage: { publicUrl: (bucket: string, key: string) => `/${bucket}/${key}` } };
    const pages = createCoursePages(app as unknown as ServiceApp, { maxBytes: 100_000 });
    const [first, second] = [await course('First', 30_000), await course('Second', 30_000)];
    const large = await course('Large', 60_000);

    expect((await pages.get(second!))?.title).toBe('Second');
    expect((await pages.get(first!))?.title).toBe('First');
    await retitle(first!, 'First, renamed');
    await retitle(second!, 'Second, renamed');
    // Both kept: each page is answered as it was read.
    expect((await pages.get(second!))?.title).toBe('Second');
    expect((await pages.get(first!))?.title).toBe('First');

    // 60 kB more does not fit beside both 30 kB pages: the one read longest ago goes.
    expect((await pages.get(large))?.desc).toHaveLength(60_000);
    expect((await pages.get(first!))?.title).toBe('First');
    expect((await pages.get(second!))?.title).toBe('Second, renamed');
  });
});
