import { isFree } from '../courses/domain.ts';

/**
 * Who may enroll in a course without an order. No database or HTTP in here: the route reads the
 * course and passes what it needs.
 */

/** What the rule reads of a course. */
export interface FreeEnrollmentCourse {
  listed: boolean;
  tutorId: string;
  pricePaise: number;
}

export const COURSE_NOT_FOUND = 'Course not found';
export const NOT_FREE_MESSAGE = 'This course is not free';
export const OWN_COURSE_MESSAGE = 'You cannot enroll in your own course';
/** The same words the checkout answers for a course bought already. */
export const ALREADY_ENROLLED_MESSAGE = 'You are already enrolled in this course';
export const ENROLLED_MESSAGE = 'You are enrolled in this course';

export interface Refusal {
  status: 400 | 403 | 404;
  message: string;
}

/**
 * Why `userId` may not enroll in `course` for free, or null when they may. A course no longer
 * listed is not found, as its public page is (and as no course at all is); a tutor's own course is
 * theirs already; a course with a price is bought through the checkout.
 */
export function freeEnrollmentRefusal(course: FreeEnrollmentCourse, userId: string): Refusal | null {
  if (!course.listed) return { status: 404, message: COURSE_NOT_FOUND };
  if (course.tutorId === userId) return { status: 403, message: OWN_COURSE_MESSAGE };
  if (!isFree(course.pricePaise)) return { status: 400, message: NOT_FREE_MESSAGE };
  return null;
}

/**
 * How many lists a course's students are spread over. One list per course would be read whole
 * for every page of students and rewritten whole for every enrollment; a real MongoDB document
 * (16 MiB) holds about 400,000 ids, so sixteen parts keep a course open to millions of students.
 */
export const ROSTER_PARTS = 16;

/** Which part of the course's students holds a student: a hash of the id (FNV-1a), even over the parts. */
export function rosterPart(studentId: string): number {
  let hash = 0x811c9dc5;
  for (const char of studentId.toLowerCase()) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % ROSTER_PARTS;
}

/** The key of one part of a course's students. */
export const rosterKey = (courseId: string, part: number) => `${courseId.toLowerCase()}/${part}`;

/**
 * One page of a course's students from its parts, in the order the contract promises pages in:
 * part by part, by id within a part. `readPart` gives a part's ids in any order; parts are read
 * only as far as the page (and one id beyond it, to tell whether another page follows) needs.
 */
export async function rosterPage(
  readPart: (part: number) => Promise<string[]>,
  after: string | undefined,
  size: number,
): Promise<{ studentIds: string[]; next: string | null }> {
  const found: string[] = [];
  const first = after ? rosterPart(after) : 0;
  for (let part = first; part < ROSTER_PARTS; part += 1) {
    const ids = (await readPart(part)).sort();
    // Only the part `after` is in holds ids that came before it.
    found.push(...(after && part === first ? ids.filter((id) => id > after) : ids));
    if (found.length > size) break;
  }
  const studentIds = found.slice(0, size);
  return { studentIds, next: found.length > size ? (studentIds.at(-1) ?? null) : null };
}
