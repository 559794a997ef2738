import type { IntegrationEvent } from '../event.ts';

export const CATALOG_COURSE_ENROLLED = 'catalog.course.enrolled';

/**
 * A course's `enrolledCount` changed: a student was counted in (once per student and course), or,
 * with `left`, counted out once a refund ended the enrollment.
 */
export interface CatalogCourseEnrolledData {
  courseId: string;
  studentId: string;
  /** The enrollment ended (the course was refunded) and the student was counted out. */
  left?: true;
}

export type CatalogCourseEnrolled = IntegrationEvent<
  typeof CATALOG_COURSE_ENROLLED,
  CatalogCourseEnrolledData
>;
