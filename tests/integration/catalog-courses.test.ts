import type {
  CourseDetails,
  CourseForUpdate,
  LearnCourse,
  MessageResponse,
  ResponseOf,
  VideoItem,
} from '@liveedu/api-client';
import { catalogService } from '@liveedu/catalog';
import { identityService } from '@liveedu/identity';
import { createService, newEvent, type Service } from '@liveedu/service-kit';
import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishedEvents } from '../support/events.ts';
import {
  courseData,
  courseDetails,
  courseForm,
  createCourse,
  newTutor,
  publishPaymentSucceeded,
  readOk,
} from '../support/flows.ts';
import { PNG } from '../support/identity-fixtures.ts';
import { eventually, type Session, startTestStack, type TestStack } from '../support/stack.ts';

type TopReviews = ResponseOf<'/api/v1/get-top4-reviews', 'get'>;

let stack: TestStack;
let admin: Session;
/** Every course item carries a stable id. */
const ITEM_ID = expect.stringMatching(/^[0-9a-f]{24}$/);
/** The first video of `courseData()` as the course's readers get it back. */
const FIRST_VIDEO = { _id: ITEM_ID, kind: 'video', ...courseData().courseContent[0]![0]! };

/**
 * Fetches a public image the way the gateway's /files/ route does: anonymously from the bucket,
 * so only a public-read bucket answers.
 */
async function fetchPublic(url: string): Promise<Response> {
  const prefix = `${stack.url}/files/`;
  if (!url.startsWith(prefix)) throw new Error(`${url} is not served under the gateway's /files/`);
  const s3 = stack.services.catalog!.app.config.s3;
  return fetch(`${s3.useSSL ? 'https' : 'http'}://${s3.endPoint}:${s3.port}/${url.slice(prefix.length)}`);
}

/** What the payments service publishes once a student paid for a course. */
const pay = (courseId: string, student: Session, tutor: Session, eventId?: string) =>
  publishPaymentSucceeded(
    stack.services.catalog,
    { courseId, courseTitle: 'a course', studentId: student._id, tutorId: tutor._id, amountPaise: 49_900 },
    { id: eventId },
  );

/** The types of the catalog events about one course, in the order they were published. */
const eventTypesFor = async (courseId: string): Promise<string[]> =>
  (await publishedEvents(stack.services.catalog, 'catalog'))
    .filter((event) => (event.data as { courseId?: string }).courseId === courseId)
    .map((event) => event.type);

async function enrolledIn(student: Session): Promise<string[]> {
  const list = await stack.call<ResponseOf<'/api/v1/enrolled-courses', 'get'>>(
    'GET',
    '/api/v1/enrolled-courses',
    {
      as: student,
    },
  );
  return list.body.coursesEnrolled.map((c) => c._id);
}

async function waitForEnrollment(student: Session, courseId: string) {
  await eventually(
    async () => ((await enrolledIn(student)).includes(courseId) ? true : undefined),
    15_000,
    'enrollment',
  );
}

beforeAll(async () => {
  stack = await startTestStack({
    services: { identity: identityService, catalog: catalogService },
    env: { SEED_DEMO: '0' },
  });
  admin = await stack.loginAdmin();
});
afterAll(() => stack?.close());

describe('categories', () => {
  it('lists at least 12 seeded categories, each with an image served from the public bucket', async () => {
    type Categories = ResponseOf<'/api/v1/get-all-category', 'get'>;
    const { data } = await readOk<Categories>(stack, '/api/v1/get-all-category');
    expect(data.length).toBeGreaterThanOrEqual(12);
    for (const category of data) {
      expect(Object.keys(category).sort()).toEqual(['_id', 'img', 'title']);
    }
    const first = data[0]!;
    expect(first.img.startsWith(`${stack.url}/files/`)).toBe(true);
    const image = await fetchPublic(first.img);
    expect(image.status).toBe(200);
    const bytes = Buffer.from(await image.arrayBuffer());
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
  });
});

describe('creating, updating and deleting courses', () => {
  let owner: Session;
  let otherTutor: Session;
  let student: Session;
  let courseId: string;

  beforeAll(async () => {
    [owner, otherTutor, student] = await Promise.all([
      newTutor(stack, 'owner'),
      newTutor(stack, 'other'),
      stack.newUser('stud'),
    ]);
  });

  it('lets a tutor create a course and shows it publicly without video links', async () => {
    courseId = await createCourse(stack, owner, { title: 'Kitchen Chemistry', price: '1299' });
    const detail = await stack.call<ResponseOf<'/api/v1/get-course-details/{id}', 'get'>>(
      'GET',
      `/api/v1/get-course-details/${courseId}`,
    );
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      _id: courseId,
      title: 'Kitchen Chemistry',
      desc: 'How to test services that talk to real databases.',
      price: 1299,
      category: 'Web Development',
      difficulity: 'beginner',
      benefits: 'Confidence in your changes',
      prerequistes: 'Some JavaScript',
      enrolledCount: 0,
      studentsEnrolled: [],
      reviews: [],
      ratingAverage: 0,
      ratingCount: 0,
      courseCreatedBy: { _id: owner._id, username: owner.username },
    });
    expect(detail.body.courseContent).toEqual([
      [
        { _id: ITEM_ID, kind: 'video', sectionTitle: 'Basics', videoTitle: 'Why test' },
        { _id: ITEM_ID, kind: 'video', sectionTitle: 'Basics', videoTitle: 'First test' },
      ],
      [{ _id: ITEM_ID, kind: 'video', sectionTitle: 'Going further', videoTitle: 'Real servers' }],
    ]);
    expect(JSON.stringify(detail.body)).not.toMatch(/videoLink|videoDesc|videos\.example/);
    const thumbnail = await fetchPublic(detail.body.thumbnail);
    expect(thumbnail.status).toBe(200);

    const mine = await stack.call<ResponseOf<'/api/v1/get-tutors-courses', 'get'>>(
      'GET',
      '/api/v1/get-tutors-courses',
      {
        as: owner,
      },
    );
    expect(mine.status).toBe(200);
    expect(mine.body.createdCourses.map((c) => c._id)).toEqual([courseId]);
    const theirs = await stack.call<ResponseOf<'/api/v1/get-tutors-courses', 'get'>>(
      'GET',
      '/api/v1/get-tutors-courses',
      {
        as: otherTutor,
      },
    );
    expect(theirs.body.createdCourses).toEqual([]);
  });

  it('refuses create-course to visitors, students and the admin', async () => {
    const visitor = await stack.call('POST', '/api/v1/create-course', { raw: courseForm(courseData()) });
    expect(visitor.status).toBe(401);
    const asStudent = await stack.call('POST', '/api/v1/create-course', {
      as: student,
      raw: courseForm(courseData()),
    });
    expect(asStudent.status).toBe(403);
    const asAdmin = await stack.call('POST', '/api/v1/create-course', {
      as: admin,
      raw: courseForm(courseData()),
    });
    expect(asAdmin.status).toBe(403);
  });

  it('validates every field, the category, the level, the price, the links and the image', async () => {
    const cases: [unknown, string][] = [
      [courseData({ title: '  ' }), 'All fields are required'],
      [courseData({ desc: undefined }), 'All fields are required'],
      [courseData({ benefits: '' }), 'All fields are required'],
      [courseData({ prerequistes: '' }), 'All fields are required'],
      [courseData({ price: '' }), 'All fields are required'],
      [courseData({ courseContent: [] }), 'All fields are required'],
      [
        courseData({
          courseContent: [
            [{ sectionTitle: 'A', videoTitle: 'B', videoDesc: '', videoLink: 'https://x.example/v' }],
          ],
        }),
        'All fields are required',
      ],
      [courseData({ category: 'Underwater Basket Weaving' }), 'Please choose a category from the list'],
      [
        courseData({ difficulity: 'expert' }),
        'Difficulity must be one of beginner, intermediate, advance, all level',
      ],
      [courseData({ price: 99.5 }), 'Price must be a whole number of rupees, 0 for a free course'],
      [courseData({ price: -5 }), 'Price must be a whole number of rupees, 0 for a free course'],
      [courseData({ price: 'free' }), 'Price must be a whole number of rupees, 0 for a free course'],
      [
        courseData({
          courseContent: [
            [{ sectionTitle: 'A', videoTitle: 'B', videoDesc: 'C', videoLink: 'javascript:alert(1)' }],
          ],
        }),
        'Video links must be http:// or https:// addresses',
      ],
      ['{not json', 'The course data is not valid JSON'],
    ];
    for (const [data, message] of cases) {
      const response = await stack.call('POST', '/api/v1/create-course', {
        as: owner,
        raw: courseForm(data),
      });
      expect({ status: response.status, body: response.body, data }).toEqual({
        status: 400,
        body: { message },
        data,
      });
    }

    const noImage = await stack.call('POST', '/api/v1/create-course', {
      as: owner,
      raw: courseForm(courseData(), null),
    });
    expect(noImage.status).toBe(400);
    expect(noImage.body).toEqual({ message: 'Please select an image first.' });

    const notAnImage = await stack.call('POST', '/api/v1/create-course', {
      as: owner,
      raw: courseForm(courseData(), Buffer.from('<svg onload="alert(1)"></svg>'), 'cover.png'),
    });
    expect(notAnImage.status).toBe(400);
    expect(notAnImage.body).toEqual({ message: 'Please upload a png, jpeg or webp image' });

    const huge = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const tooLarge = await stack.call('POST', '/api/v1/create-course', {
      as: owner,
      raw: courseForm(courseData(), huge),
    });
    expect(tooLarge.status).toBe(413);

    const notMultipart = await stack.call('POST', '/api/v1/create-course', { as: owner, body: courseData() });
    expect(notMultipart.status).toBeGreaterThanOrEqual(400);
    expect(notMultipart.status).toBeLessThan(500);

    // Nothing of the refused attempts was kept.
    type Mine = ResponseOf<'/api/v1/get-tutors-courses', 'get'>;
    const mine = await readOk<Mine>(stack, '/api/v1/get-tutors-courses', owner);
    expect(mine.createdCourses.map((c) => c._id)).toEqual([courseId]);
  });

  it('gives the edit form only to the owner', async () => {
    const path = `/api/v1/get-course-details-to-updateByTutor/${courseId}`;
    const ownView = await stack.call<CourseForUpdate>('GET', path, { as: owner });
    expect(ownView.status).toBe(200);
    expect(ownView.body.courseContent[0]![0]).toEqual(FIRST_VIDEO);
    expect((await stack.call('GET', path)).status).toBe(401);
    expect((await stack.call('GET', path, { as: student })).status).toBe(403);
    expect((await stack.call('GET', path, { as: otherTutor })).status).toBe(403);
    expect((await stack.call('GET', path, { as: admin })).status).toBe(403);
    const unknown = await stack.call('GET', `/api/v1/get-course-details-to-updateByTutor/${new ObjectId()}`, {
      as: owner,
    });
    expect(unknown.status).toBe(404);
  });

  it('lets only the owner update, with the image optional once one exists', async () => {
    const path = `/api/v1/update-course/${courseId}`;
    const update = courseData({ title: 'Kitchen Chemistry II', price: 1500, difficulity: 'advance' });
    expect((await stack.call('PUT', path, { raw: courseForm(update, null) })).status).toBe(401);
    expect((await stack.call('PUT', path, { as: student, raw: courseForm(update, null) })).status).toBe(403);
    expect((await stack.call('PUT', path, { as: otherTutor, raw: courseForm(update, null) })).status).toBe(
      403,
    );
    expect((await stack.call('PUT', path, { as: admin, raw: courseForm(update, null) })).status).toBe(403);
    const invalid = await stack.call('PUT', path, {
      as: owner,
      raw: courseForm(courseData({ category: '' }), null),
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({ message: 'All fields are required' });

    const before = await stack.call<ResponseOf<'/api/v1/get-course-details/{id}', 'get'>>(
      'GET',
      `/api/v1/get-course-details/${courseId}`,
    );
    const ok = await stack.call('PUT', path, { as: owner, raw: courseForm(update, null) });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ message: 'Course updated successfully' });
    const after = await stack.call<ResponseOf<'/api/v1/get-course-details/{id}', 'get'>>(
      'GET',
      `/api/v1/get-course-details/${courseId}`,
    );
    expect(after.body).toMatchObject({ title: 'Kitchen Chemistry II', price: 1500, difficulity: 'advance' });
    expect(after.body.thumbnail).toBe(before.body.thumbnail);

    const withImage = await stack.call('PUT', path, { as: owner, raw: courseForm(update) });
    expect(withImage.status).toBe(200);
    const replaced = await stack.call<ResponseOf<'/api/v1/get-course-details/{id}', 'get'>>(
      'GET',
      `/api/v1/get-course-details/${courseId}`,
    );
    expect(replaced.body.thumbnail).not.toBe(before.body.thumbnail);
    expect((await fetchPublic(replaced.body.thumbnail)).status).toBe(200);
    expect((await fetchPublic(before.body.thumbnail)).status).toBe(404);

    expect(
      (await stack.call('PUT', '/api/v1/update-course/nope', { as: owner, raw: courseForm(update) })).status,
    ).toBe(400);
    expect(
      (
        await stack.call('PUT', `/api/v1/update-course/${new ObjectId()}`, {
          as: owner,
          raw: courseForm(update),
        })
      ).status,
    ).toBe(404);
  });

  it('keeps item ids through edits and reorders, gives new items ids and refuses unknown ones', async () => {
    const editPath = `/api/v1/get-course-details-to-updateByTutor/${courseId}`;
    const before = (await stack.call<CourseForUpdate>('GET', editPath, { as: owner })).body.courseContent;
    const [first, second] = before[0]! as Array<VideoItem & { _id: string }>;
    const third = before[1]![0]! as VideoItem & { _id: string };
    // The second section first, its first item renamed; a new item without an id.
    const reordered = [
      [{ ...third, videoTitle: 'Real servers, renamed' }],
      [
        second,
        first,
        {
          sectionTitle: 'Basics',
          videoTitle: 'Brand new',
          videoDesc: 'New',
          videoLink: 'https://v.example/new',
        },
      ],
    ];
    const saved = await stack.call('PUT', `/api/v1/update-course/${courseId}`, {
      as: owner,
      raw: courseForm(courseData({ courseContent: reordered }), null),
    });
    expect(saved.status).toBe(200);
    const after = (await stack.call<CourseForUpdate>('GET', editPath, { as: owner })).body
      .courseContent as Array<Array<VideoItem & { _id: string }>>;
    expect(after.map((section) => section.map((item) => item._id)).slice(0, 1)).toEqual([[third._id]]);
    expect(after[0]![0]!.videoTitle).toBe('Real servers, renamed');
    expect(after[1]!.slice(0, 2).map((item) => item._id)).toEqual([second!._id, first!._id]);
    const fresh = after[1]![2]!._id;
    expect(fresh).toMatch(/^[0-9a-f]{24}$/);
    expect([first!._id, second!._id, third._id]).not.toContain(fresh);

    for (const wrong of [new ObjectId().toHexString(), 'not-an-id', first!._id]) {
      // An id the course does not have, a malformed one, and one id given to two items.
      const content = [[{ ...third, _id: wrong }, first]];
      const refused = await stack.call('PUT', `/api/v1/update-course/${courseId}`, {
        as: owner,
        raw: courseForm(courseData({ courseContent: content }), null),
      });
      expect(refused.status, wrong).toBe(400);
      expect(refused.body).toEqual({ message: 'Unknown item in the course content' });
    }
    // Put back as it was, for the tests that follow.
    const restored = await stack.call('PUT', `/api/v1/update-course/${courseId}`, {
      as: owner,
      raw: courseForm(courseData(), null),
    });
    expect(restored.status).toBe(200);
  });

  it('publishes catalog.course.created, updated and deleted', async () => {
    const bus = stack.services.catalog!.bus!;
    const stream = bus.names.stream('catalog');
    await eventually(async () => {
      const info = await bus.jsm.streams.info(stream);
      return info.state.messages >= 3 ? true : undefined;
    });
    const seen = await eventTypesFor(courseId);
    expect(seen.slice(0, 3)).toEqual([
      'catalog.course.created',
      'catalog.course.updated',
      'catalog.course.updated',
    ]);
  });

  it('lets only the owner delete; the course leaves listings and favourites, students keep learning', async () => {
    const doomed = await createCourse(stack, owner, { title: 'Doomed Course' });
    const buyer = await stack.newUser('buyer');
    await pay(doomed, buyer, owner);
    await waitForEnrollment(buyer, doomed);
    const fav = await stack.call('PUT', `/api/v1/add-to-favourite/${doomed}`, { as: student });
    expect(fav.status).toBe(200);

    const path = `/api/v1/delete-course/${doomed}`;
    expect((await stack.call('DELETE', path)).status).toBe(401);
    expect((await stack.call('DELETE', path, { as: student })).status).toBe(403);
    expect((await stack.call('DELETE', path, { as: otherTutor })).status).toBe(403);
    expect((await stack.call('DELETE', path, { as: admin })).status).toBe(403);
    const deleted = await stack.call('DELETE', path, { as: owner, headers: { catid: 'some-category-id' } });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Course deleted successfully' });
    expect((await stack.call('DELETE', path, { as: owner })).status).toBe(404);
    await eventually(async () =>
      (await eventTypesFor(doomed)).includes('catalog.course.deleted') ? true : undefined,
    );

    expect((await stack.call('GET', `/api/v1/get-course-details/${doomed}`)).status).toBe(404);
    const all = await stack.call<ResponseOf<'/api/v1/courses', 'get'>>('GET', '/api/v1/courses');
    expect(all.body.courses.map((c) => c._id)).not.toContain(doomed);
    const found = await stack.call<ResponseOf<'/api/v1/search/{query}', 'get'>>(
      'GET',
      '/api/v1/search/doomed',
    );
    expect(found.body.courses).toEqual([]);
    const favs = await stack.call<ResponseOf<'/api/v1/getFavouriteBooks', 'get'>>(
      'GET',
      '/api/v1/getFavouriteBooks',
      {
        as: student,
      },
    );
    expect(favs.body.favourites.map((c) => c._id)).not.toContain(doomed);
    const mine = await stack.call<ResponseOf<'/api/v1/get-tutors-courses', 'get'>>(
      'GET',
      '/api/v1/get-tutors-courses',
      {
        as: owner,
      },
    );
    expect(mine.body.createdCourses.map((c) => c._id)).not.toContain(doomed);

    const learn = await stack.call<ResponseOf<'/api/v1/learn-course/{courseId}/user/{userId}', 'get'>>(
      'GET',
      `/api/v1/learn-course/${doomed}/user/${buyer._id}`,
      {
        as: buyer,
      },
    );
    expect(learn.status).toBe(200);
    expect(learn.body.title).toBe('Doomed Course');
    expect(await enrolledIn(buyer)).toContain(doomed);
  });
});

describe('listings, search and instructor pages', () => {
  let tutor: Session;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    tutor = await newTutor(stack, 'lister');
    ids.plusplus = await createCourse(stack, tutor, {
      title: 'C++ (Advanced) [2024] a.b*',
      category: 'Programming Languages',
    });
    ids.data = await createCourse(stack, tutor, {
      title: 'Pandas Basics',
      category: 'Data Science',
      price: 799,
    });
    ids.design = await createCourse(stack, tutor, { title: 'Figma Fundamentals', category: 'Design' });
  });

  it('lists courses newest first as cards, with no video links', async () => {
    const response = await stack.call<ResponseOf<'/api/v1/courses', 'get'>>('GET', '/api/v1/courses');
    expect(response.status).toBe(200);
    const listed = response.body.courses.map((c) => c._id);
    expect(listed.indexOf(ids.design!)).toBeLessThan(listed.indexOf(ids.data!));
    const card = response.body.courses.find((c) => c._id === ids.data)!;
    expect(card).toEqual({
      _id: ids.data,
      title: 'Pandas Basics',
      thumbnail: expect.stringMatching(/^http/),
      price: 799,
      difficulity: 'beginner',
      category: 'Data Science',
      reviews: [],
      ratingAverage: 0,
      ratingCount: 0,
      courseCreatedBy: { _id: tutor._id, username: tutor.username },
    });
    expect(JSON.stringify(response.body)).not.toMatch(/videoLink|videoDesc|courseContent/);
    const badPage = await stack.call('GET', '/api/v1/courses?page=abc');
    expect(badPage.status).toBe(400);
    const farPage = await stack.call<ResponseOf<'/api/v1/courses', 'get'>>('GET', '/api/v1/courses?page=999');
    expect(farPage.body.courses).toEqual([]);
  });

  it('lists a category by its title as the home page links it, unknown ones empty', async () => {
    const response = await stack.call<ResponseOf<'/api/v1/courses/{cat}', 'get'>>(
      'GET',
      `/api/v1/courses/${encodeURIComponent('data science')}`,
    );
    expect(response.status).toBe(200);
    expect(response.body.courses.courses.map((c) => c._id)).toEqual([ids.data]);
    const unknown = await stack.call('GET', `/api/v1/courses/${encodeURIComponent('No Such Thing')}`);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({
      courses: { courses: [] },
      facets: {
        level: { beginner: 0, intermediate: 0, advance: 0, 'all level': 0 },
        rating: { '4': 0, '3': 0 },
        price: { free: 0, under500: 0, '500to1000': 0, over1000: 0 },
      },
      total: 0,
      page: 1,
      pages: 0,
    });
  });

  it('shows the newest 8 and the most loved 8', async () => {
    type Recent = ResponseOf<'/api/v1/recently-added-courses', 'get'>;
    const recent = await readOk<Recent>(stack, '/api/v1/recently-added-courses');
    expect(recent.courses.length).toBeLessThanOrEqual(8);
    expect(recent.courses[0]!._id).toBe(ids.design);
    type Loved = ResponseOf<'/api/v1/courses-loved-by-students', 'get'>;
    const loved = await readOk<Loved>(stack, '/api/v1/courses-loved-by-students');
    expect(loved.courses.length).toBeLessThanOrEqual(8);
    expect(loved.courses.length).toBeGreaterThan(0);
  });

  it('searches by words of the title, category and tutor, by prefix and despite typos, never as a pattern', async () => {
    const find = async (text: string) => {
      const response = await stack.call<ResponseOf<'/api/v1/search/{query}', 'get'>>(
        'GET',
        `/api/v1/search/${encodeURIComponent(text)}`,
      );
      expect({ text, status: response.status }).toEqual({ text, status: 200 });
      return response.body.courses.map((c) => c._id);
    };
    expect(await find('c++ (ADVANCED) [2024] a.b*')).toEqual([ids.plusplus]);
    expect(await find('PROGRAMMING lang')).toEqual([ids.plusplus]);
    expect(await find('pand')).toEqual([ids.data]);
    expect(await find('fundamentels figma')).toEqual([ids.design]);
    expect(await find(tutor.username)).toEqual(expect.arrayContaining(Object.values(ids)));
    // Pattern characters are text: none of these matches everything.
    for (const special of ['.*', '(', '[', '\\', '^', '$', '?', '|']) expect(await find(special)).toEqual([]);
    const blank = await stack.call('GET', '/api/v1/search/%20%20');
    const empty = await stack.call('GET', '/api/v1/search/');
    expect(empty.body).toEqual({ message: 'Nothing to search' });
    expect(blank.status).toBe(400);
    expect(blank.body).toEqual({ message: 'Nothing to search' });
    const longest = await stack.call('GET', `/api/v1/search/${'x'.repeat(100)}`);
    expect(longest.status).toBe(200);
    // Longer path segments stop at the router (find-my-way's parameter limit).
    const tooLong = await stack.call('GET', `/api/v1/search/${'x'.repeat(150)}`);
    expect([400, 404]).toContain(tooLong.status);
  });

  it('pages every list with page and limit, and refuses values out of range', async () => {
    const all = await stack.call<ResponseOf<'/api/v1/courses', 'get'>>('GET', '/api/v1/courses?limit=2');
    expect(all.status).toBe(200);
    expect(all.body.courses).toHaveLength(2);
    expect(all.body.page).toBe(1);
    expect(all.body.pages).toBe(Math.ceil(all.body.total / 2));
    const second = await stack.call<ResponseOf<'/api/v1/courses', 'get'>>(
      'GET',
      '/api/v1/courses?limit=2&page=2',
    );
    expect(second.body.courses.map((c) => c._id)).not.toContain(all.body.courses[0]!._id);
    const byTutor = await stack.call<ResponseOf<'/api/v1/viewUser/{username}', 'get'>>(
      'GET',
      `/api/v1/viewUser/${tutor.username}?limit=1&page=3`,
    );
    expect(byTutor.body.user.coursesCreated.map((c) => c._id)).toEqual([ids.plusplus]);
    expect(byTutor.body).toMatchObject({ total: 3, pages: 3 });
    const found = await stack.call<ResponseOf<'/api/v1/search/{query}', 'get'>>(
      'GET',
      `/api/v1/search/${tutor.username}?limit=1`,
    );
    expect(found.body.courses).toHaveLength(1);
    expect(found.body.total).toBe(3);
    for (const query of ['limit=0', 'limit=101', 'limit=x', 'page=0', 'page=-1', 'page=1.5']) {
      const refused = await stack.call<MessageResponse>('GET', `/api/v1/courses?${query}`);
      expect({ query, status: refused.status }).toEqual({ query, status: 400 });
      expect(refused.body.message).toMatch(/page|limit/);
    }
    expect((await stack.call('GET', '/api/v1/courses?limit=100')).status).toBe(200);
  });

  it('finds tutors by username and shows their page from the read model identity keeps current', async () => {
    const part = tutor.username.slice(2, 8).toUpperCase();
    const search = await stack.call<ResponseOf<'/api/v1/search/{query}', 'get'>>(
      'GET',
      `/api/v1/search/${part}`,
    );
    expect(search.body.tutor).toContainEqual({
      _id: tutor._id,
      username: tutor.username,
      avatar: '',
      desc: '',
    });

    const page = await stack.call<ResponseOf<'/api/v1/viewUser/{username}', 'get'>>(
      'GET',
      `/api/v1/viewUser/${encodeURIComponent(tutor.username.toUpperCase())}`,
    );
    expect(page.status).toBe(200);
    expect(page.body.user).toMatchObject({ _id: tutor._id, username: tutor.username, avatar: '', desc: '' });
    expect(page.body.user.coursesCreated.map((c) => c._id).sort()).toEqual(Object.values(ids).sort());

    // identity.user.updated (a description change) reaches the page.
    const desc = await stack.call('PUT', '/api/v1/update-user-desc', {
      as: tutor,
      body: { desc: 'I teach C++' },
    });
    if (desc.status === 200) {
      await eventually(async () => {
        const again = await stack.call<ResponseOf<'/api/v1/viewUser/{username}', 'get'>>(
          'GET',
          `/api/v1/viewUser/${tutor.username}`,
        );
        return again.body.user.desc === 'I teach C++' ? true : undefined;
      });
    }

    const unknown = await stack.call('GET', '/api/v1/viewUser/nobody-by-this-name');
    expect(unknown.status).toBe(404);
  });

  it('answers unknown and malformed course ids with 404 and 400, never 500', async () => {
    expect((await stack.call('GET', `/api/v1/get-course-details/${new ObjectId()}`)).status).toBe(404);
    expect((await stack.call('GET', '/api/v1/get-course-details/not-an-id')).status).toBe(400);
    expect((await stack.call('GET', '/api/v1/get-course-details/%24where')).status).toBe(400);
  });
});

describe('enrollment, learning and reviews', () => {
  let tutor: Session;
  let otherTutor: Session;
  let student: Session;
  let stranger: Session;
  let courseId: string;

  beforeAll(async () => {
    [tutor, otherTutor, student, stranger] = await Promise.all([
      newTutor(stack, 'teach'),
      newTutor(stack, 'notmine'),
      stack.newUser('learner'),
      stack.newUser('stranger'),
    ]);
    courseId = await createCourse(stack, tutor, { title: 'Enrollable Course' });
  });

  it('enrolls once however often the payment event arrives', async () => {
    const event = await pay(courseId, student, tutor);
    await pay(courseId, student, tutor, event.id);
    await pay(courseId, student, tutor, event.id);
    // The same payment reported again under another event id (callback and webhook) too.
    await pay(courseId, student, tutor);
    await waitForEnrollment(student, courseId);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const path = `/api/v1/get-course-details/${courseId}`;
    // Everyone sees how many bought it; only the buyer sees their own id, nobody sees others'.
    const asStudent = await stack.call<CourseDetails>('GET', path, { as: student });
    expect(asStudent.body).toMatchObject({ enrolledCount: 1, studentsEnrolled: [student._id] });
    const asStranger = await stack.call<CourseDetails>('GET', path, { as: stranger });
    expect(asStranger.body).toMatchObject({ enrolledCount: 1, studentsEnrolled: [] });
    const asVisitor = await stack.call<CourseDetails>('GET', path);
    expect(asVisitor.body).toMatchObject({ enrolledCount: 1, studentsEnrolled: [] });
    const asOwner = await stack.call<ResponseOf<'/api/v1/get-course-details-to-updateByTutor/{id}', 'get'>>(
      'GET',
      `/api/v1/get-course-details-to-updateByTutor/${courseId}`,
      {
        as: tutor,
      },
    );
    expect(asOwner.body).toMatchObject({ enrolledCount: 1, studentsEnrolled: [] });
    expect(await enrolledIn(student)).toEqual([courseId]);
    const db = stack.services.catalog!.app.db;
    const course = await db.collection('courses').findOne({ _id: new ObjectId(courseId) });
    expect(course?.enrolledCount).toBe(1);
    expect(course).not.toHaveProperty('studentsEnrolled');
    expect(
      await db.collection<{ _id: string }>('enrollments').findOne({ _id: `${student._id}:${courseId}` }),
    ).toMatchObject({
      studentId: student._id,
      courseId,
      counted: true,
    });
    expect(await enrolledIn(stranger)).toEqual([]);
  });

  it('opens the full course to the enrolled student, the tutor and the admin only', async () => {
    const path = (userId: string) => `/api/v1/learn-course/${courseId}/user/${userId}`;
    const asStudent = await stack.call<LearnCourse>('GET', path(student._id), {
      as: student,
    });
    expect(asStudent.status).toBe(200);
    expect(asStudent.body.title).toBe('Enrollable Course');
    expect(asStudent.body.courseContent[0]![0]).toEqual(FIRST_VIDEO);
    expect((await stack.call('GET', path(tutor._id), { as: tutor })).status).toBe(200);
    expect((await stack.call('GET', path(admin._id), { as: admin })).status).toBe(200);
    expect((await stack.call('GET', path(student._id))).status).toBe(401);
    expect((await stack.call('GET', path(stranger._id), { as: stranger })).status).toBe(403);
    expect((await stack.call('GET', path(otherTutor._id), { as: otherTutor })).status).toBe(403);
    // Someone else's id in the path is refused, even the enrolled student's.
    expect((await stack.call('GET', path(student._id), { as: stranger })).status).toBe(403);
    expect(
      (await stack.call('GET', `/api/v1/learn-course/${new ObjectId()}/user/${student._id}`, { as: student }))
        .status,
    ).toBe(404);
    expect(
      (await stack.call('GET', `/api/v1/learn-course/bad/user/${student._id}`, { as: student })).status,
    ).toBe(400);
  });

  it('takes reviews from enrolled students only; a second review replaces the first', async () => {
    const path = `/api/v1/create-review/${courseId}`;
    const notEnrolled = await stack.call('POST', path, {
      as: stranger,
      body: { rating: 5, review: 'Great' },
    });
    expect(notEnrolled.status).toBe(403);
    expect((await stack.call('POST', path, { body: { rating: 5, review: 'Great' } })).status).toBe(401);
    for (const body of [
      { rating: 0, review: 'Great' },
      { rating: 4, review: '   ' },
      { review: 'no rating' },
      { rating: 4 },
    ]) {
      const response = await stack.call('POST', path, { as: student, body });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: 'All fields are required' });
    }
    for (const rating of [6, 2.5, -1, 'five']) {
      const response = await stack.call('POST', path, { as: student, body: { rating, review: 'x' } });
      expect(response.status).toBe(400);
    }
    expect(
      (
        await stack.call('POST', `/api/v1/create-review/${new ObjectId()}`, {
          as: student,
          body: { rating: 5, review: 'x' },
        })
      ).status,
    ).toBe(404);

    const first = await stack.call('POST', path, { as: student, body: { rating: 2, review: 'Too fast' } });
    expect(first.status).toBe(201);
    const second = await stack.call('POST', path, {
      as: student,
      body: { rating: 5, review: 'Second look: superb' },
    });
    expect(second.status).toBe(201);

    const detail = await courseDetails(stack, courseId);
    expect(detail.reviews).toEqual([
      { rating: 5, comment: 'Second look: superb', user: { avatar: '', username: student.username } },
    ]);
    expect(detail).toMatchObject({ ratingAverage: 5, ratingCount: 1 });
    const cards = await stack.call<ResponseOf<'/api/v1/courses', 'get'>>('GET', '/api/v1/courses');
    const card = cards.body.courses.find((c) => c._id === courseId)!;
    expect(card).toMatchObject({ reviews: [{ rating: 5 }], ratingAverage: 5, ratingCount: 1 });

    const top = await readOk<TopReviews>(stack, '/api/v1/get-top4-reviews');
    expect(top.reviews.length).toBeLessThanOrEqual(4);
    expect(top.reviews).toContainEqual({
      rating: 5,
      comment: 'Second look: superb',
      user: { avatar: '', username: student.username },
    });
    expect(top.reviews.filter((r) => r.comment === 'Too fast')).toEqual([]);
  });

  it('averages several students and keeps top reviews best first, newest first', async () => {
    const second = await stack.newUser('second');
    await pay(courseId, second, tutor);
    await waitForEnrollment(second, courseId);
    const response = await stack.call('POST', `/api/v1/create-review/${courseId}`, {
      as: second,
      body: { rating: 4, review: 'Good' },
    });
    expect(response.status).toBe(201);
    const detail = await courseDetails(stack, courseId);
    expect(detail).toMatchObject({ ratingAverage: 4.5, ratingCount: 2 });
    expect(detail.reviews.map((r) => r.comment)).toEqual(['Good', 'Second look: superb']);
    const top = await readOk<TopReviews>(stack, '/api/v1/get-top4-reviews');
    const ratings = top.reviews.map((r) => r.rating);
    expect([...ratings].sort((a, b) => b - a)).toEqual(ratings);
  });

  it("breaks the ratings down by stars, keeps one rating's reviews on request, and shows the tutor's reply", async () => {
    type Reviews = ResponseOf<'/api/v1/get-course-reviews/{id}', 'get'>;
    const path = `/api/v1/get-course-reviews/${courseId}`;
    const all = await readOk<Reviews>(stack, path);
    // The student's first review gave 2 stars and was replaced by one giving 5: counted once, as 5.
    const breakdown = { '5': 1, '4': 1, '3': 0, '2': 0, '1': 0 };
    expect(all.breakdown).toEqual(breakdown);
    expect(all.reviews.map((r) => [r.rating, r.comment])).toEqual([
      [4, 'Good'],
      [5, 'Second look: superb'],
    ]);
    const studentReview = all.reviews[1]!;
    expect(studentReview).toMatchObject({ _id: student._id, user: { username: student.username } });
    expect(Date.parse(all.reviews[0]!.createdAt)).toBeGreaterThanOrEqual(Date.parse(studentReview.createdAt));
    expect(studentReview).not.toHaveProperty('reply');

    const fives = await readOk<Reviews>(stack, `${path}?stars=5`);
    expect(fives.reviews.map((r) => r.comment)).toEqual(['Second look: superb']);
    expect(fives).toMatchObject({ total: 1, breakdown });
    expect(await readOk<Reviews>(stack, `${path}?stars=2`)).toMatchObject({ reviews: [], total: 0 });
    expect((await readOk<Reviews>(stack, `${path}?stars=4&limit=1&page=2`)).reviews).toEqual([]);
    for (const stars of ['0', '6', 'x', '2.5', '']) {
      const response = await stack.call('GET', `${path}?stars=${stars}`);
      expect(response.status, stars).toBe(400);
      expect(response.body).toEqual({ message: 'stars must be a whole number from 1 to 5' });
    }

    const reply = (as: Session | undefined, reviewId: string, text: unknown) =>
      stack.call('PUT', `/api/v1/reviews/${courseId}/${reviewId}/reply`, { as, body: { text } });
    expect(await reply(tutor, student._id, '  Thank you!  ')).toMatchObject({
      status: 200,
      body: { message: 'Reply saved' },
    });
    expect(await reply(otherTutor, student._id, 'Mine now')).toMatchObject({
      status: 403,
      body: { message: "Only the course's tutor can reply to its reviews" },
    });
    expect((await reply(student, student._id, 'Self praise')).status).toBe(403);
    expect((await reply(undefined, student._id, 'Anyone')).status).toBe(401);
    expect(await reply(tutor, stranger._id, 'Nobody wrote this')).toMatchObject({
      status: 404,
      body: { message: 'Review not found' },
    });
    expect(
      (
        await stack.call('PUT', `/api/v1/reviews/${new ObjectId()}/${student._id}/reply`, {
          as: tutor,
          body: { text: 'x' },
        })
      ).status,
    ).toBe(404);
    for (const [text, message] of [
      ['', 'Please write a reply'],
      ['   ', 'Please write a reply'],
      ['x'.repeat(1001), 'Reply must be at most 1000 characters'],
    ] as const) {
      expect(await reply(tutor, student._id, text)).toMatchObject({ status: 400, body: { message } });
    }
    expect((await reply(tutor, student._id, 42)).status).toBe(400);

    // Editable: a second reply replaces the first.
    expect((await reply(tutor, student._id, 'Thank you, and welcome back!')).status).toBe(200);
    const replied = await readOk<Reviews>(stack, `${path}?stars=5`);
    expect(replied.reviews[0]!.reply).toMatchObject({ text: 'Thank you, and welcome back!' });
    expect(Number.isNaN(Date.parse(replied.reviews[0]!.reply!.at))).toBe(false);
    expect((await readOk<Reviews>(stack, `${path}?stars=4`)).reviews[0]).not.toHaveProperty('reply');
  });
});

describe('favourites', () => {
  it('adds idempotently (also at the doubled-slash path), lists and removes', async () => {
    const tutor = await newTutor(stack, 'favt');
    const user = await stack.newUser('fan');
    const courseId = await createCourse(stack, tutor, { title: 'Loved Course' });
    const add = await stack.call('PUT', `/api/v1/add-to-favourite/${courseId}`, { as: user });
    expect(add.status).toBe(200);
    expect(add.body).toEqual({ message: 'Course added to favourites' });
    expect((await stack.call('PUT', `/api/v1//add-to-favourite/${courseId}`, { as: user })).status).toBe(200);
    const list = await stack.call<ResponseOf<'/api/v1/getFavouriteBooks', 'get'>>(
      'GET',
      '/api/v1/getFavouriteBooks',
      { as: user },
    );
    expect(list.status).toBe(200);
    expect(list.body.favourites.map((c) => c._id)).toEqual([courseId]);
    expect(list.body.favourites[0]).toMatchObject({ title: 'Loved Course', price: 499 });

    expect((await stack.call('PUT', `/api/v1/add-to-favourite/${courseId}`)).status).toBe(401);
    expect((await stack.call('PUT', `/api/v1/add-to-favourite/${new ObjectId()}`, { as: user })).status).toBe(
      404,
    );
    expect((await stack.call('PUT', '/api/v1/add-to-favourite/xyz', { as: user })).status).toBe(400);

    const remove = await stack.call('PUT', `/api/v1/remove-from-favourite/${courseId}`, { as: user });
    expect(remove.status).toBe(200);
    const empty = await stack.call<ResponseOf<'/api/v1/getFavouriteBooks', 'get'>>(
      'GET',
      '/api/v1/getFavouriteBooks',
      { as: user },
    );
    expect(empty.body.favourites).toEqual([]);
    expect((await stack.call('GET', '/api/v1/getFavouriteBooks')).status).toBe(401);
  });
});

describe('administration', () => {
  it('counts courses and charts the last 28 days and 12 months, for the admin only', async () => {
    const count = await stack.call<ResponseOf<'/api/v1/count-courses', 'get'>>(
      'GET',
      '/api/v1/count-courses',
      { as: admin },
    );
    expect(count.status).toBe(200);
    const listed = await stack.services
      .catalog!.app.db.collection('courses')
      .countDocuments({ listed: true });
    expect(count.body.count).toBe(listed);

    type Days = ResponseOf<'/api/v1/course-created-data', 'get'>;
    const days = await readOk<Days>(stack, '/api/v1/course-created-data', admin);
    expect(days.dates).toHaveLength(28);
    expect(days.courseCounts).toHaveLength(28);
    expect(days.dates.every((d) => /^\d{4}-\d{2}-\d{2}$/.test(d))).toBe(true);
    const all = await stack.services.catalog!.app.db.collection('courses').countDocuments({});
    expect(days.courseCounts.at(-1)).toBe(all);

    type Months = ResponseOf<'/api/v1/new-courses-per-month', 'get'>;
    const months = await readOk<Months>(stack, '/api/v1/new-courses-per-month', admin);
    expect(months.months).toHaveLength(12);
    expect(months.courseCounts.at(-1)).toBe(all);
    expect(months.courseCounts.slice(0, 11).every((n) => n === 0)).toBe(true);

    const student = await stack.newUser('nosy');
    for (const path of [
      '/api/v1/count-courses',
      '/api/v1/course-created-data',
      '/api/v1/new-courses-per-month',
    ]) {
      expect((await stack.call('GET', path, { as: student })).status).toBe(403);
      expect((await stack.call('GET', path)).status).toBe(401);
    }
  });
});

describe('identity events', () => {
  it("takes a deleted tutor's courses out of listings while students keep learning them", async () => {
    const tutor = await newTutor(stack, 'leaving');
    const student = await stack.newUser('stays');
    const courseId = await createCourse(stack, tutor, { title: 'Orphaned Course' });
    await pay(courseId, student, tutor);
    await waitForEnrollment(student, courseId);
    const { IDENTITY_USER_DELETED } = await import('@liveedu/contracts');
    await stack.services.catalog!.bus!.publish(
      newEvent(IDENTITY_USER_DELETED, { userId: tutor._id, username: tutor.username }),
    );
    await eventually(async () => {
      const page = await stack.call('GET', `/api/v1/viewUser/${tutor.username}`);
      return page.status === 404 ? true : undefined;
    });
    expect((await stack.call('GET', `/api/v1/get-course-details/${courseId}`)).status).toBe(404);
    const search = await stack.call<ResponseOf<'/api/v1/search/{query}', 'get'>>(
      'GET',
      '/api/v1/search/orphaned',
    );
    expect(search.body.courses).toEqual([]);
    const learn = await stack.call('GET', `/api/v1/learn-course/${courseId}/user/${student._id}`, {
      as: student,
    });
    expect(learn.status).toBe(200);
  });
});

describe('the listing on every replica', () => {
  let tutor: Session;
  let replica: Service;

  beforeAll(async () => {
    tutor = await newTutor(stack, 'replica');
    // A second catalog process on the same database and streams: it sees others' writes only
    // through the database at its start and the events after it.
    replica = await createService(catalogService, {
      config: { ...stack.services.catalog!.config, port: 0 },
    });
  });
  afterAll(async () => {
    await replica?.close();
  });

  const searchReplica = async (text: string) => {
    const response = await replica.app.inject({
      method: 'GET',
      url: `/api/v1/search/${encodeURIComponent(text)}`,
    });
    return (response.json() as ResponseOf<'/api/v1/search/{query}', 'get'>).courses;
  };

  /** Polls every 20 ms and says how long the replica took to show what `seen` waits for. */
  async function timeUntil(seen: () => Promise<boolean>): Promise<number> {
    const started = performance.now();
    while (!(await seen())) {
      if (performance.now() - started > 5_000) throw new Error('the replica never caught up');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return performance.now() - started;
  }

  it('finds a course within a second of its creation, update and deletion made on another replica', async () => {
    const id = await createCourse(stack, tutor, { title: 'Quantum Knitting Patterns' });
    expect(
      await timeUntil(async () => (await searchReplica('knitting')).some((c) => c._id === id)),
    ).toBeLessThan(1000);

    const updated = await stack.call('PUT', `/api/v1/update-course/${id}`, {
      as: tutor,
      raw: courseForm(courseData({ title: 'Quantum Crochet Patterns' }), null),
    });
    expect(updated.status).toBe(200);
    expect(
      await timeUntil(async () => {
        const found = await searchReplica('crochet');
        return found.some((c) => c._id === id) && (await searchReplica('knitting')).length === 0;
      }),
    ).toBeLessThan(1000);

    expect((await stack.call('DELETE', `/api/v1/delete-course/${id}`, { as: tutor })).status).toBe(200);
    expect(await timeUntil(async () => (await searchReplica('crochet')).length === 0)).toBeLessThan(1000);
  });

  it('finds a course by a prefix of its title and by its tutor, and rebuilds on restart', async () => {
    const id = await createCourse(stack, tutor, { title: 'Byzantine Mosaics Restoration' });
    await timeUntil(async () => (await searchReplica('byzan')).some((c) => c._id === id));
    expect((await searchReplica(tutor.username)).map((c) => c._id)).toContain(id);
    const restarted = await createService(catalogService, {
      config: { ...stack.services.catalog!.config, port: 0 },
    });
    try {
      const response = await restarted.app.inject({ method: 'GET', url: '/api/v1/search/mosaics' });
      expect(
        (response.json() as ResponseOf<'/api/v1/search/{query}', 'get'>).courses.map((c) => c._id),
      ).toEqual([id]);
    } finally {
      await restarted.close();
    }
  });

  it("follows a tutor's new name on another replica and keeps the course's description searchable", async () => {
    const renamer = await newTutor(stack, 'renamer');
    const id = await createCourse(stack, renamer, {
      title: 'Origami Engineering',
      desc: 'Folding paper into bridges and satellites.',
    });
    await timeUntil(async () => (await searchReplica('satellites')).some((c) => c._id === id));
    const newName = `origamist_${new ObjectId().toHexString().slice(-6)}`;
    const changed = await stack.call('PUT', '/api/v1/change-username', {
      as: renamer,
      body: { username: newName },
    });
    expect(changed.status).toBe(200);
    await timeUntil(async () => (await searchReplica(newName)).some((c) => c._id === id));
    expect((await searchReplica('satellites')).map((c) => c._id)).toEqual([id]);
  });

  it('answers a course page with an ETag, and 304 when it has not changed', async () => {
    const id = await createCourse(stack, tutor, { title: 'Etag Course' });
    const first = await stack.call('GET', `/api/v1/get-course-details/${id}`);
    const tag = first.headers.get('etag');
    expect(tag).toBeTruthy();
    const again = await stack.call('GET', `/api/v1/get-course-details/${id}`, {
      headers: { 'if-none-match': tag! },
    });
    expect(again.status).toBe(304);
    await stack.call('PUT', `/api/v1/update-course/${id}`, {
      as: tutor,
      raw: courseForm(courseData({ title: 'Etag Course, revised' }), null),
    });
    const changed = await stack.call<ResponseOf<'/api/v1/get-course-details/{id}', 'get'>>(
      'GET',
      `/api/v1/get-course-details/${id}`,
      {
        headers: { 'if-none-match': tag! },
      },
    );
    expect(changed.status).toBe(200);
    expect(changed.body.title).toBe('Etag Course, revised');
  });
});

describe("the gateway's shared cache of public answers", () => {
  let tutor: Session;

  beforeAll(async () => {
    tutor = await newTutor(stack, 'cached');
  });

  const details = (id: string, opts: { as?: Session; headers?: Record<string, string> } = {}) =>
    stack.call<ResponseOf<'/api/v1/get-course-details/{id}', 'get'>>(
      'GET',
      `/api/v1/get-course-details/${id}`,
      opts,
    );

  /**
   * A new course's own `catalog.course.created` event reaches the gateway a moment after the
   * course, and empties the cache once more: read until an answer is kept.
   */
  const cachedDetails = (id: string) =>
    eventually(
      async () => {
        const answer = await details(id);
        return answer.headers.get('x-cache') === 'hit' ? answer : undefined;
      },
      5_000,
      'a kept answer',
    );

  it('answers an anonymous read again from the gateway, and 304 to a matching ETag', async () => {
    const id = await createCourse(stack, tutor, { title: 'Cached Course' });
    const first = await details(id);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate, s-maxage=1');
    expect(first.headers.get('x-cache')).toBe('miss');
    const second = await cachedDetails(id);
    expect(second.body).toEqual(first.body);
    const revalidated = await details(id, { headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('x-cache')).toBe('hit');
  });

  it("never serves a signed-in caller's answer from it, nor keeps it", async () => {
    const id = await createCourse(stack, tutor, { title: 'Private Answers Course' });
    const student = await stack.newUser('viewer');
    await pay(id, student, tutor);
    await waitForEnrollment(student, id);
    for (let i = 0; i < 2; i += 1) {
      const own = await details(id, { as: student });
      expect(own.headers.get('x-cache')).toBeNull();
      expect(own.headers.get('cache-control')).toBe('private, no-cache');
      expect(own.body.studentsEnrolled).toEqual([student._id]);
    }
    const anonymous = await details(id);
    expect(anonymous.headers.get('x-cache')).toBe('miss');
    expect(anonymous.body.studentsEnrolled).toEqual([]);
  });

  it('shows a write made through the gateway on the very next read', async () => {
    const id = await createCourse(stack, tutor, { title: 'Before The Edit' });
    await cachedDetails(id);
    const updated = await stack.call('PUT', `/api/v1/update-course/${id}`, {
      as: tutor,
      raw: courseForm(courseData({ title: 'After The Edit' }), null),
    });
    expect(updated.status).toBe(200);
    expect((await details(id)).body.title).toBe('After The Edit');
  });

  it('forgets a cached answer when a course event says it changed, well before the cache would expire', async () => {
    const id = await createCourse(stack, tutor, { title: 'Bought Meanwhile' });
    const student = await stack.newUser('buyer');
    // Read until an answer is kept, noting when the request that filled the cache was sent: the
    // cache would keep that answer for a second from then.
    let filledAt = performance.now();
    for (;;) {
      const sentAt = performance.now();
      const answer = await details(id);
      expect(answer.body.enrolledCount).toBe(0);
      if (answer.headers.get('x-cache') === 'hit') break;
      filledAt = sentAt;
      expect(performance.now() - filledAt, 'never kept').toBeLessThan(5_000);
    }
    // The purchase reaches the catalog as an event, not through the gateway.
    await pay(id, student, tutor);
    while ((await details(id)).body.enrolledCount !== 1) {
      expect(performance.now() - filledAt, 'the cached answer outlived the enrollment').toBeLessThan(5_000);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // The catalog allows a second; the enrollment event ended it sooner.
    expect(performance.now() - filledAt).toBeLessThan(1_000);
  });
});
