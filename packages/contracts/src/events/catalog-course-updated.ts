import type { IntegrationEvent } from '../event.ts';
import type { CatalogCourseData } from './catalog-course-created.ts';

export const CATALOG_COURSE_UPDATED = 'catalog.course.updated';

export type CatalogCourseUpdated = IntegrationEvent<typeof CATALOG_COURSE_UPDATED, CatalogCourseData>;
