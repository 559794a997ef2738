import type { IntegrationEvent } from '../event.ts';

export const CATALOG_COURSE_COMPLETED = 'catalog.course.completed';

/** A student completed every item of a course: what a certificate is issued for, once. */
export interface CatalogCourseCompletedData {
  studentId: string;
  /** The name on the certificate: the student's username when they finished. */
  studentName: string;
  courseId: string;
  completedAt: string;
  /** The seconds of hosted video the course's items hold, as the media service probed them. */
  durationSec: number;
}

export type CatalogCourseCompleted = IntegrationEvent<
  typeof CATALOG_COURSE_COMPLETED,
  CatalogCourseCompletedData
>;
