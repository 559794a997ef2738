import type { IntegrationEvent } from '../event.ts';

export const CATALOG_COURSE_DELETED = 'catalog.course.deleted';

export interface CatalogCourseDeletedData {
  courseId: string;
  tutorId: string;
}

export type CatalogCourseDeleted = IntegrationEvent<typeof CATALOG_COURSE_DELETED, CatalogCourseDeletedData>;
