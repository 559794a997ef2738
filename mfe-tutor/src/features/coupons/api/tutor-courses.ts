import type { ApiClient } from '@liveedu/api-client';

/** A course the tutor may make a coupon for. */
export interface TutorCourse {
  _id: string;
  title: string;
}

/** The most pages of courses read for the course choice (24 a page): more than any tutor has. */
const MAX_PAGES = 40;

/**
 * Every course of the tutor's, page after page: a coupon may be for any of them, not only the
 * newest 24.
 */
export async function allTutorCourses(api: ApiClient, signal?: AbortSignal): Promise<TutorCourse[]> {
  const courses: TutorCourse[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const answer = await api.tutorsCourses(signal, page);
    for (const { _id, title } of answer.createdCourses ?? []) courses.push({ _id, title });
    if (page >= (answer.pages ?? 1)) break;
  }
  return courses;
}
