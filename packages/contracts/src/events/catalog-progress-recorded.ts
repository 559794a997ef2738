import type { IntegrationEvent } from '../event.ts';

export const CATALOG_PROGRESS_RECORDED = 'catalog.progress.recorded';

/**
 * What one progress report changed for an item, for the tutor's drop-off analytics: whether the
 * student started or completed it with this report, and which twentieths of it they watched for
 * the first time (0 = the first 5%).
 */
export interface CatalogProgressRecordedData {
  courseId: string;
  itemId: string;
  studentId: string;
  started: boolean;
  completed: boolean;
  newlyWatched: number[];
}

export type CatalogProgressRecorded = IntegrationEvent<
  typeof CATALOG_PROGRESS_RECORDED,
  CatalogProgressRecordedData
>;
