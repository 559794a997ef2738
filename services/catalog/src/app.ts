import etag from '@fastify/etag';
import type { ServiceDefinition } from '@liveedu/service-kit';
import { installCacheHeaders } from './cache-headers.ts';
import { onPaymentSucceeded } from './handlers/on-payment-succeeded.ts';
import { onUserDeleted } from './handlers/on-user-deleted.ts';
import { onUserRegistered } from './handlers/on-user-registered.ts';
import { onUserUpdated } from './handlers/on-user-updated.ts';
import { ensureHighlights } from './highlights.ts';
import { installListing, startListing } from './listing/plugin.ts';
import { ensureKeyedLists, migrateCourses } from './migrate.ts';
import adminRoutes from './routes/admin/index.ts';
import catalogRoutes from './routes/catalog/index.ts';
import learningRoutes from './routes/learning/index.ts';
import studentRoutes from './routes/students/index.ts';
import tutorCourseRoutes from './routes/tutor-courses/index.ts';
import { seedCategories } from './seed/categories.ts';
import { seedDemo } from './seed/demo.ts';
import { CATEGORIES_BUCKET, COURSES, catalogIndexes, collections, THUMBNAILS_BUCKET } from './store.ts';

export const catalogService: ServiceDefinition = {
  name: 'catalog',
  openapi: {
    title: 'LiveEdu catalog',
    description: 'Categories, courses, search, instructor pages, favourites, enrollment and reviews.',
  },
  indexes: catalogIndexes,
  outboxCollections: [COURSES],
  handlers: [onUserRegistered, onUserUpdated, onUserDeleted, onPaymentSucceeded],
  buckets: [
    { name: THUMBNAILS_BUCKET, access: 'public-read' },
    { name: CATEGORIES_BUCKET, access: 'public-read' },
  ],
  decorate(app) {
    installListing(app);
  },
  async plugins(app) {
    await app.register(etag, { weak: true });
    installCacheHeaders(app);
  },
  routes: [catalogRoutes, learningRoutes, studentRoutes, tutorCourseRoutes, adminRoutes],
  async onReady(app) {
    await migrateCourses(collections(app.db), app.log);
    await seedCategories(app);
    if (app.config.seedDemo) await seedDemo(app);
    await ensureHighlights(app.db);
    await ensureKeyedLists(app.db, app.log);
    await startListing(app);
  },
};
