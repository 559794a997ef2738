import type { IntegrationEvent } from '../event.ts';

export const CATALOG_COURSE_ENROLLED = 'catalog.course.enrolled';

/** A student was counted into a course's `enrolledCount` (once per student and course). */
export interface CatalogCourseEnrolledData {
  courseId: string;
  studentId: string;
}

export type CatalogCourseEnrolled = IntegrationEvent<
  typeof CATALOG_COURSE_ENROLLED,
  CatalogCourseEnrolledData
>;
