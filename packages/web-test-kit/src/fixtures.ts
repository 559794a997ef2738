import type { CourseCard, UserData } from '@liveedu/api-client';

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

/** The signed-in user as `getUserData` answers it: a student with no application unless `fields` say otherwise. */
export function userData(fields: Partial<UserData> & Pick<UserData, 'email' | 'username'>): UserData {
  return { avatar: '', role: 'student', desc: '', stausOfPage: 'none', ...fields } as UserData;
}
