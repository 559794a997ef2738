import { describe, expect, it } from 'vitest';
import { freeEnrollmentRefusal, ROSTER_PARTS, rosterPage, rosterPart } from './domain.ts';

const free = { listed: true, tutorId: 'tutor', pricePaise: 0 };

describe('free enrollment', () => {
  it('lets anyone but the tutor enroll in a listed course priced 0', () => {
    expect(freeEnrollmentRefusal(free, 'student')).toBeNull();
  });

  it('answers an unlisted course as not found, before anything else', () => {
    for (const course of [
      { ...free, listed: false },
      { ...free, listed: false, tutorId: 'student' },
      { ...free, listed: false, pricePaise: 49_900 },
    ]) {
      expect(freeEnrollmentRefusal(course, 'student')).toEqual({ status: 404, message: 'Course not found' });
    }
  });

  it("refuses the tutor's own course, free or not", () => {
    for (const pricePaise of [0, 49_900]) {
      expect(freeEnrollmentRefusal({ ...free, pricePaise }, 'tutor')).toEqual({
        status: 403,
        message: 'You cannot enroll in your own course',
      });
    }
  });

  it('refuses a course with any price, however small', () => {
    for (const pricePaise of [1, 100, 49_900]) {
      expect(freeEnrollmentRefusal({ ...free, pricePaise }, 'student')).toEqual({
        status: 400,
        message: 'This course is not free',
      });
    }
  });
});

describe("a course's roster", () => {
  const hex = (n: number) => n.toString(16).padStart(24, '0');
  const students = Array.from({ length: 1_000 }, (_, n) => hex(0x5eed0000 + n * 7));

  it('spreads students evenly over its parts, the same part for an id however it is written', () => {
    const perPart = new Array<number>(ROSTER_PARTS).fill(0);
    for (const id of students) perPart[rosterPart(id)] = (perPart[rosterPart(id)] ?? 0) + 1;
    // 62.5 each on average; no part near empty or near double.
    expect(Math.min(...perPart)).toBeGreaterThan(35);
    expect(Math.max(...perPart)).toBeLessThan(95);
    expect(rosterPart('ABCDEF0123456789ABCDEF01')).toBe(rosterPart('abcdef0123456789abcdef01'));
  });

  it('pages through every student once, reading parts only as far as a page needs', async () => {
    const parts = new Map<number, string[]>();
    for (const id of students) parts.set(rosterPart(id), [...(parts.get(rosterPart(id)) ?? []), id]);
    const read: number[] = [];
    const readPart = async (part: number) => {
      read.push(part);
      // Newest first, as a keyed list holds them: the page puts them in order itself.
      return [...(parts.get(part) ?? [])].reverse();
    };
    const seen: string[] = [];
    let after: string | undefined;
    let pages = 0;
    do {
      const page = await rosterPage(readPart, after, 300);
      expect(page.studentIds.length).toBeLessThanOrEqual(300);
      seen.push(...page.studentIds);
      after = page.next ?? undefined;
      pages += 1;
    } while (after);
    expect(pages).toBe(4);
    expect(seen).toHaveLength(students.length);
    expect(new Set(seen).size).toBe(students.length);
    // Each part read by the page it starts in and at most once more by the next page.
    expect(read.length).toBeLessThanOrEqual(ROSTER_PARTS + pages);
    expect(await rosterPage(async () => [], undefined, 300)).toEqual({ studentIds: [], next: null });
  });

  it('ends on the last page with no next, also when the students fill it exactly', async () => {
    const readPart = async (part: number) => (part === 3 ? ['b', 'a'] : []);
    expect(await rosterPage(readPart, undefined, 2)).toEqual({ studentIds: ['a', 'b'], next: null });
    expect(await rosterPage(readPart, undefined, 1)).toEqual({ studentIds: ['a'], next: 'a' });
  });
});
