import type { IntegrationEvent } from '../event.ts';

export const CATALOG_COURSE_REVIEWED = 'catalog.course.reviewed';

/** A student reviewed a course, or replaced their review (`rating` is the new one). */
export interface CatalogCourseReviewedData {
  courseId: string;
  userId: string;
  rating: number;
  /** The course's title and tutor when it was reviewed (absent on events published before they were carried). */
  courseTitle?: string;
  tutorId?: string;
}

export type CatalogCourseReviewed = IntegrationEvent<
  typeof CATALOG_COURSE_REVIEWED,
  CatalogCourseReviewedData
>;
