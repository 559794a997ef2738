import { CATALOG_PROGRESS_RECORDED, type CatalogProgressRecorded } from '@liveedu/contracts';
import type { EventHandler } from '@liveedu/service-kit';
import { countProgress } from './store.ts';

export const onProgressRecorded: EventHandler<CatalogProgressRecorded> = {
  event: CATALOG_PROGRESS_RECORDED,
  name: 'on-progress-recorded',
  async handle(event, { db }) {
    const { courseId, itemId, started, completed, newlyWatched } = event.data;
    await countProgress(db, { eventId: event.id, courseId, itemId, started, completed, newlyWatched });
  },
};
