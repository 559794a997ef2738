import { catalogService, itemIdFor } from '@liveedu/catalog';
import { IDENTITY_HEADER } from '@liveedu/contracts';
import { createIdentitySigner, createService, type Service } from '@liveedu/service-kit';
import { isolation, testServers } from '@liveedu/test-kit';
import { type Db, type Document, MongoClient, ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishPaymentSucceeded } from '../support/flows.ts';
import { eventually } from '../support/stack.ts';

/**
 * Course documents of the earlier shape (every buyer in `studentsEnrolled`, every review in
 * `reviews`, `reviewsVersion`) written straight into the catalog's database, then the catalog
 * started on it.
 */

const DAY = 24 * 60 * 60 * 1000;
const servers = testServers();
const iso = isolation('migrate');
let client: MongoClient;
let db: Db;
let service: Service | null = null;

const ids = (n: number) => Array.from({ length: n }, () => new ObjectId().toHexString());
/** s[0..11] are on the old list; s[12] has only a row; s[13] is a purchase being handled. */
const s = ids(14);
const tutorId = new ObjectId().toHexString();
const start = new Date('2024-05-01T06:00:00Z');

function baseCourse(title: string) {
  return {
    _id: new ObjectId(),
    title,
    titleKey: title.toLowerCase(),
    desc: 'Written by an earlier version of the catalog.',
    thumbnailKey: 'old/cover.png',
    pricePaise: 49_900,
    category: 'Web Development',
    categoryKey: 'web development',
    difficulity: 'beginner',
    benefits: 'History',
    prerequistes: 'None',
    sections: [
      {
        items: [
          { sectionTitle: 'One', videoTitle: 'Hello', videoDesc: 'Hi', videoLink: 'https://v.example/1' },
        ],
      },
    ],
    tutorId,
    tutorUsername: 'oldtutor',
    listed: true,
    createdAt: start,
    updatedAt: start,
    day: '2024-05-01',
    month: '2024-05',
  };
}

/** 13 reviews: by the 12 listed buyers and by s[12], a day apart; s[1] wrote 'fresh' last. */
const oldReviews = s.slice(0, 13).map((userId, i) => ({
  userId,
  rating: (i % 5) + 1,
  comment: userId === s[1] ? 'fresh' : `Old review ${i}`,
  createdAt: new Date(start.getTime() + (i + 1) * DAY),
}));
const oldSum = oldReviews.reduce((sum, r) => sum + r.rating, 0);

const legacy = {
  ...baseCourse('Legacy Course'),
  studentsEnrolled: s.slice(0, 12),
  // Stale figures: the migration recounts from the rows.
  enrolledCount: 7,
  reviews: oldReviews,
  ratingSum: 3,
  ratingCount: 2,
  ratingAverage: 1.5,
  reviewsVersion: 13,
};
const current = {
  ...baseCourse('Current Course'),
  enrolledCount: 1,
  latestReviews: [],
  ratingSum: 0,
  ratingCount: 0,
  ratingAverage: 0,
};

function config() {
  return {
    host: '127.0.0.1',
    port: 0,
    dbName: iso.dbName('catalog'),
    mongoUrl: servers.mongoUrl,
    natsUrl: servers.natsUrl,
    eventPrefix: iso.eventPrefix,
    s3: { ...servers.s3, bucketPrefix: iso.bucketPrefix, publicUrl: 'http://files.invalid' },
  };
}

async function startCatalog(): Promise<Service> {
  const started = await createService(catalogService, {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'error', SEED_DEMO: '0' },
    config: config(),
  });
  await started.app.ready();
  return started;
}

async function snapshot(): Promise<Record<string, Document[]>> {
  const out: Record<string, Document[]> = {};
  for (const name of ['courses', 'enrollments', 'reviews']) {
    out[name] = await db.collection(name).find({}).sort({ _id: 1 }).toArray();
  }
  return out;
}

async function page(courseId: string, viewer?: string) {
  if (!service) throw new Error('catalog is not running');
  const sign = createIdentitySigner(service.config.internalSecret);
  const response = await service.app.inject({
    method: 'GET',
    url: `/api/v1/get-course-details/${courseId}`,
    headers: viewer
      ? { [IDENTITY_HEADER]: sign({ userId: viewer, username: 'viewer', role: 'student' }) }
      : {},
  });
  expect(response.statusCode).toBe(200);
  return response.json() as {
    enrolledCount: number;
    studentsEnrolled: string[];
    reviews: { rating: number; comment: string }[];
    ratingCount: number;
    ratingAverage: number;
  };
}

const pay = (courseId: string, studentId: string) =>
  publishPaymentSucceeded(service ?? undefined, {
    courseId,
    courseTitle: 'a course',
    studentId,
    tutorId,
    amountPaise: 49_900,
  });

const courseDoc = (id: ObjectId) => db.collection('courses').findOne({ _id: id });
const legacyId = legacy._id.toHexString();

beforeAll(async () => {
  client = await MongoClient.connect(servers.mongoUrl);
  db = client.db(iso.dbName('catalog'));
  await db.collection('courses').insertMany([legacy, current] as Document[]);
  const enrollments = db.collection<Document & { _id: string }>('enrollments');
  await enrollments.insertMany([
    // Rows the earlier version wrote before adding to its list.
    { _id: `${s[0]}:${legacyId}`, studentId: s[0], courseId: legacyId, enrolledAt: start },
    { _id: `${s[12]}:${legacyId}`, studentId: s[12], courseId: legacyId, enrolledAt: start },
    // A purchase the current version is in the middle of counting.
    {
      _id: `${s[13]}:${legacyId}`,
      studentId: s[13],
      courseId: legacyId,
      enrolledAt: start,
      counted: false,
      countToken: new ObjectId().toHexString(),
    },
  ]);
  // A row older than the course's own copy of the review.
  await db.collection<Document & { _id: string }>('reviews').insertOne({
    _id: `${legacyId}:${s[1]}`,
    courseId: legacyId,
    userId: s[1],
    rating: 1,
    comment: 'stale',
    listed: true,
    createdAt: start,
  });
  service = await startCatalog();
}, 120_000);

afterAll(async () => {
  await service?.close();
  await client?.close();
});

describe('moving old course documents to rows at start-up', () => {
  it('writes the rows, recounts from them, keeps the newest ten and drops the old fields', async () => {
    const doc = await courseDoc(legacy._id);
    expect(doc).not.toHaveProperty('studentsEnrolled');
    expect(doc).not.toHaveProperty('reviews');
    expect(doc).not.toHaveProperty('reviewsVersion');
    // The 12 listed buyers and s[12]'s row; s[13]'s purchase is counted by its own event.
    expect(doc?.enrolledCount).toBe(13);
    expect(doc).toMatchObject({
      ratingSum: oldSum,
      ratingCount: 13,
      ratingAverage: Math.round((oldSum / 13) * 10) / 10,
    });
    const newestTen = [...oldReviews].reverse().slice(0, 10);
    expect(doc?.latestReviews).toEqual(newestTen);

    const enrollments = await db.collection('enrollments').find({ courseId: legacyId }).toArray();
    expect(enrollments.map((r) => r.studentId).sort()).toEqual([...s].sort());
    expect(enrollments.filter((r) => r.counted === true)).toHaveLength(13);
    expect(enrollments.find((r) => r.studentId === s[13])?.counted).toBe(false);

    const reviews = await db.collection('reviews').find({ courseId: legacyId }).toArray();
    expect(reviews).toHaveLength(13);
    expect(reviews.find((r) => r.userId === s[1])).toMatchObject({ rating: 2, comment: 'fresh' });

    // A document already in the current shape is left as it was, but for its items' ids: each
    // gets the one it was read by before (derived from where it stands), written down once.
    const { sections, ...rest } = (await courseDoc(current._id)) as typeof current;
    const { sections: before, ...unchanged } = current;
    expect(rest).toEqual(unchanged);
    expect(sections).toEqual(
      before.map((section, s) => ({
        items: section.items.map((item, i) => ({ ...item, _id: itemIdFor(current._id.toHexString(), s, i) })),
      })),
    );
  });

  it('answers from the migrated document: counts for all, ids only for their owner', async () => {
    const anonymous = await page(legacyId);
    expect(anonymous).toMatchObject({ enrolledCount: 13, studentsEnrolled: [], ratingCount: 13 });
    expect(anonymous.reviews).toHaveLength(10);
    expect(anonymous.reviews[0]).toMatchObject({ comment: 'Old review 12' });
    expect((await page(legacyId, s[5])).studentsEnrolled).toEqual([s[5]]);
    expect((await page(legacyId, s[12])).studentsEnrolled).toEqual([s[12]]);
    expect((await page(legacyId, new ObjectId().toHexString())).studentsEnrolled).toEqual([]);
  });

  it("files the old reviews under their stars: the course's breakdown and one rating's page", async () => {
    const reviews = async (query: string) => {
      const response = await service!.app.inject({
        method: 'GET',
        url: `/api/v1/get-course-reviews/${legacyId}${query}`,
      });
      expect(response.statusCode).toBe(200);
      return response.json() as {
        reviews: { _id: string; rating: number }[];
        breakdown: object;
        total: number;
      };
    };
    const expected = { '5': 0, '4': 0, '3': 0, '2': 0, '1': 0 } as Record<string, number>;
    for (const review of oldReviews) expected[String(review.rating)]! += 1;
    const all = await reviews('');
    expect(all.breakdown).toEqual(expected);
    expect(all.total).toBe(13);
    const twos = await reviews('?stars=2');
    expect(twos.total).toBe(expected['2']);
    // Newest first, s[1]'s 'fresh' review among them (its stale row gave 1 star).
    expect(twos.reviews.map((r) => r._id)).toEqual(
      [...oldReviews]
        .reverse()
        .filter((r) => r.rating === 2)
        .map((r) => r.userId),
    );
  });

  it('changes nothing when it runs again', async () => {
    const before = await snapshot();
    await catalogService.onReady?.(service!.app);
    expect(await snapshot()).toEqual(before);
  });

  it('lets the purchase it found half-counted finish, once', async () => {
    await pay(legacyId, s[13]!);
    await eventually(
      async () => ((await courseDoc(legacy._id))?.enrolledCount === 14 ? true : undefined),
      20_000,
      'the in-flight purchase counted',
    );
    await pay(legacyId, s[13]!);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await courseDoc(legacy._id))?.enrolledCount).toBe(14);
    expect((await page(legacyId, s[13])).studentsEnrolled).toEqual([s[13]]);
  });

  it('holds back a purchase of a course not migrated yet, and counts it after the next start', async () => {
    const late = { ...legacy, _id: new ObjectId(), title: 'Late Legacy', enrolledCount: 12 };
    const lateId = late._id.toHexString();
    await db.collection('courses').insertOne(late as Document);
    const buyer = new ObjectId().toHexString();
    await pay(lateId, buyer);
    await eventually(
      async () => ((await db.collection('enrollments').findOne({ studentId: buyer })) ? true : undefined),
      20_000,
      'the enrollment row',
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const waiting = await courseDoc(late._id);
    expect(waiting).toMatchObject({ enrolledCount: 12, reviewsVersion: 13 });
    expect(waiting?.countedTokens).toBeUndefined();

    await service?.close();
    service = await startCatalog();
    await eventually(
      async () => ((await courseDoc(late._id))?.enrolledCount === 13 ? true : undefined),
      30_000,
      'the held-back purchase counted after the migration',
    );
    expect(await courseDoc(late._id)).not.toHaveProperty('studentsEnrolled');
    expect(await db.collection('enrollments').findOne({ studentId: buyer })).toMatchObject({ counted: true });
  }, 90_000);
});
