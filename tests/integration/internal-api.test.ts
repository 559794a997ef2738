import type { AddressInfo } from 'node:net';
import { catalogService, ROSTERS, rosterKey, rosterPart } from '@liveedu/catalog';
import {
  CATALOG_INTERNAL,
  COURSE_STUDENTS_PAGE,
  IDENTITY_INTERNAL,
  type InternalRoute,
} from '@liveedu/contracts';
import { identityService } from '@liveedu/identity';
import { internalClient, keyedListDocs, type Service } from '@liveedu/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse, enrolledFree, newTutor } from '../support/flows.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

// The internal calls are declared once in the contracts; each callee must serve every one it
// declares, behind the service token, and nothing else under /internal.

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ services: { identity: identityService, catalog: catalogService } });
});
afterAll(() => stack?.close());

/** The catalog's internal API as `caller` calls it, with the service token. */
function catalogCalledBy(caller: string) {
  const callee = stack.services.catalog as Service;
  const { port } = callee.app.server.address() as AddressInfo;
  return internalClient(CATALOG_INTERNAL, {
    service: 'catalog',
    caller,
    baseUrl: `http://127.0.0.1:${port}`,
    internalSecret: callee.config.internalSecret,
  });
}

const served = (service: Service, route: InternalRoute) =>
  service.app.hasRoute({ method: route.method, url: route.path });

describe('the internal calls of the contracts', () => {
  it.each([
    ['catalog', CATALOG_INTERNAL],
    ['identity', IDENTITY_INTERNAL],
  ] as const)('are all served by %s, and refused without the service token', async (name, api) => {
    const service = stack.services[name] as Service;
    for (const route of Object.values(api) as InternalRoute[]) {
      expect(served(service, route), `${route.method} ${route.path}`).toBe(true);
      const url = route.path.replace(/:[A-Za-z]+/g, '0123456789abcdef01234567');
      const response = await service.app.inject({
        method: route.method,
        url,
        payload: route.body ? {} : undefined,
      });
      // Refused: by its schema (no query) or by the missing token, never answered.
      expect([400, 401, 403], `${route.method} ${route.path} without a token`).toContain(response.statusCode);
    }
  });

  it('answers checkout what it needs of a course through the typed client', async () => {
    const tutor = await newTutor(stack, 'internal');
    const courseId = await createCourse(stack, tutor, { title: 'Declared Once', price: 499 });
    const student = await stack.newUser('internalbuyer');
    const catalog = catalogCalledBy('payments');
    const sale = await catalog.call(
      'courseForSale',
      { params: { courseId }, query: { buyerId: student._id } },
      'r',
    );
    expect(sale).toEqual({
      ok: true,
      body: {
        _id: courseId,
        title: 'Declared Once',
        pricePaise: 49_900,
        tutorId: tutor._id,
        tutorUsername: tutor.username,
        enrolled: false,
      },
    });
    const missing = await catalog.call(
      'courseForSale',
      { params: { courseId: '0123456789abcdef01234567' }, query: { buyerId: student._id } },
      'r',
    );
    expect(missing).toEqual({ ok: false, status: 404, message: 'Course not found' });
  });

  it('tells the community who takes part in a course, and lists its students a page at a time', async () => {
    const tutor = await newTutor(stack, 'members');
    const courseId = await createCourse(stack, tutor, { title: 'Talked About', price: 0 });
    const students = [
      await enrolledFree(stack, courseId, 'memberone'),
      await enrolledFree(stack, courseId, 'membertwo'),
      await enrolledFree(stack, courseId, 'memberthree'),
    ];
    const outsider = await stack.newUser('memberoutside');
    const catalog = catalogCalledBy('community');
    const member = (userId: string, role: 'student' | 'tutor' | 'admin') =>
      catalog.call('courseMember', { params: { courseId, userId }, query: { role } }, 'r');
    const expected = (access: string) => ({
      ok: true,
      body: { access, tutorId: tutor._id, courseTitle: 'Talked About' },
    });
    expect(await member(tutor._id, 'tutor')).toEqual(expected('tutor'));
    expect(await member(students[0]?._id as string, 'student')).toEqual(expected('student'));
    expect(await member(outsider._id, 'student')).toEqual(expected('none'));
    expect(await member(outsider._id, 'admin')).toEqual(expected('admin'));
    expect(
      await catalog.call(
        'courseMember',
        {
          params: { courseId: '0123456789abcdef01234567', userId: outsider._id },
          query: { role: 'student' },
        },
        'r',
      ),
    ).toEqual({ ok: false, status: 404, message: 'Course not found' });

    const all = await catalog.call('courseStudents', { params: { courseId }, query: {} }, 'r');
    if (!all.ok) throw new Error(`the course's students answered ${all.status}`);
    expect(all.body.next).toBeNull();
    expect([...all.body.studentIds].sort()).toEqual(students.map((student) => student._id).sort());
    const [first, ...others] = all.body.studentIds;
    const rest = await catalog.call('courseStudents', { params: { courseId }, query: { after: first } }, 'r');
    expect(rest).toEqual({ ok: true, body: { studentIds: others, next: null } });
  });

  it('lists a course whose students fill whole pages in those pages, with no empty page after them', async () => {
    const tutor = await newTutor(stack, 'fullpages');
    const courseId = await createCourse(stack, tutor, { title: 'Filled Up', price: 0 });
    const hex = (n: number) => n.toString(16).padStart(24, '0');
    const studentIds = Array.from({ length: 2 * COURSE_STUDENTS_PAGE }, (_, n) => hex(0xfeed000000 + n));
    // Written as a data set written around the service is: the course's roster, by its parts.
    const { db } = (stack.services.catalog as Service).app;
    await db
      .collection<{ _id: string }>(ROSTERS)
      .insertMany(
        keyedListDocs(studentIds.map((id, at) => ({ owner: rosterKey(courseId, rosterPart(id)), id, at }))),
      );
    const catalog = catalogCalledBy('notifications');
    const first = await catalog.call('courseStudents', { params: { courseId }, query: {} }, 'r');
    if (!first.ok) throw new Error(`the first page answered ${first.status}`);
    expect(first.body.studentIds).toHaveLength(COURSE_STUDENTS_PAGE);
    expect(first.body.next).toBe(first.body.studentIds.at(-1));
    const second = await catalog.call(
      'courseStudents',
      { params: { courseId }, query: { after: first.body.next ?? undefined } },
      'r',
    );
    if (!second.ok) throw new Error(`the second page answered ${second.status}`);
    expect(second.body.studentIds).toHaveLength(COURSE_STUDENTS_PAGE);
    expect(second.body.next).toBeNull();
    expect([...first.body.studentIds, ...second.body.studentIds].sort()).toEqual(studentIds);
  });
});
