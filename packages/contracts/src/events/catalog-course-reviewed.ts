import type { IntegrationEvent } from '../event.ts';

export const CATALOG_COURSE_REVIEWED = 'catalog.course.reviewed';

/** A student reviewed a course, or replaced their review (`rating` is the new one). */
export interface CatalogCourseReviewedData {
  courseId: string;
  userId: string;
  rating: number;
}

export type CatalogCourseReviewed = IntegrationEvent<
  typeof CATALOG_COURSE_REVIEWED,
  CatalogCourseReviewedData
>;
