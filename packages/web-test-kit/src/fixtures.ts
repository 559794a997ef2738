import type { CourseCard } from '@liveedu/api-client';

/** A course as the list calls answer it; `fields` overrides what the test cares about. */
export function courseCard(fields: Partial<CourseCard> & { _id: string }): CourseCard {
  return {
    title: `Course ${fields._id}`,
    thumbnail: `${fields._id}.png`,
    price: 499,
    difficulity: 'beginner',
    category: 'Design',
    reviews: [],
    courseCreatedBy: { _id: 't1', username: 'meera' },
    ...fields,
  } as CourseCard;
}
