import { describe, expect, it } from 'vitest';
import { freeEnrollmentRefusal } from './domain.ts';

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
