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
