import type { CourseDetails } from '@liveedu/api-client';

/** The course page's answers, for its tests: a student, a course (free unless priced), no reviews. */
export const STUDENT = { userId: 'u1', role: 'student' as const, token: 'student-token' };

export function courseDetails(fields: Partial<CourseDetails> = {}): CourseDetails {
  return {
    _id: 'c1',
    title: 'Open Maths',
    desc: 'Numbers for everyone.',
    thumbnail: 'c1.png',
    price: 0,
    category: 'Maths',
    difficulity: 'beginner',
    benefits: 'Counting',
    prerequistes: 'None',
    enrolledCount: 3,
    studentsEnrolled: [],
    reviews: [],
    ratingAverage: 0,
    ratingCount: 0,
    courseCreatedBy: { _id: 't1', username: 'meera' },
    createdAt: '2026-11-01T00:00:00.000Z',
    sequential: false,
    courseContent: [],
    instructor: {
      _id: 't1',
      username: 'meera',
      avatar: '',
      desc: 'Maths tutor',
      courses: 1,
      students: 3,
      ratingAverage: 0,
      ratingCount: 0,
    },
    ...fields,
  } as CourseDetails;
}

export const noReviews = {
  body: { reviews: [], breakdown: { '5': 0, '4': 0, '3': 0, '2': 0, '1': 0 }, total: 0, page: 1, pages: 0 },
};
