import type { IntegrationEvent } from '../event.ts';

export const CATALOG_COURSE_CREATED = 'catalog.course.created';

/** What other services may know of a course: enough to price it and to name it. */
export interface CatalogCourseData {
  courseId: string;
  title: string;
  tutorId: string;
  category: string;
  /** Price in paise. */
  pricePaise: number;
  thumbnail: string;
  createdAt: string;
}

export type CatalogCourseCreated = IntegrationEvent<typeof CATALOG_COURSE_CREATED, CatalogCourseData>;
