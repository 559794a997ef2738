import { testDatabase } from '@liveedu/test-kit';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseRoster, ENROLLMENTS, type EnrollmentDoc, enrollmentId } from '../enrollment/store.ts';
import { ensureKeyedLists } from './migrations.ts';

let database: Awaited<ReturnType<typeof testDatabase>>;
beforeAll(async () => {
  database = await testDatabase('catalog', 'keyed-lists', [ENROLLMENTS]);
});
afterAll(() => database?.drop());

describe("the catalog's per-owner lists", () => {
  it('builds the rosters of courses whose enrollments were written before rosters were kept, once', async () => {
    const { db } = database;
    const hex = (n: number) => n.toString(16).padStart(24, '0');
    const course = hex(0xc0);
    const students = Array.from({ length: 40 }, (_, n) => hex(0x5700 + n));
    await ENROLLMENTS.in(db).insertMany(
      students.map(
        (studentId, n): EnrollmentDoc => ({
          _id: enrollmentId(studentId, course),
          studentId,
          courseId: course,
          enrolledAt: new Date(Date.UTC(2026, 0, 1 + n)),
          counted: true,
        }),
      ),
    );
    const log = { info() {} } as unknown as FastifyBaseLogger;
    await ensureKeyedLists(db, log);
    const roster = await courseRoster(db).page(course, undefined, 100);
    expect(roster.next).toBeNull();
    expect([...roster.studentIds].sort()).toEqual(students);

    // Done once: a student taken off the roster since is not put back by the next start.
    await courseRoster(db).remove(course, students[0] as string);
    await ensureKeyedLists(db, log);
    expect((await courseRoster(db).page(course, undefined, 100)).studentIds).not.toContain(students[0]);
  });
});
