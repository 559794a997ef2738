import etag from '@fastify/etag';
import type { ServiceDefinition } from '@liveedu/service-kit';
import { installCacheHeaders } from './cache-headers.ts';
import { onCourseCompleted } from './certificates/on-course-completed.ts';
import certificateRoutes from './certificates/routes.ts';
import { CERTIFICATES } from './certificates/store.ts';
import { onPaymentSucceeded } from './handlers/on-payment-succeeded.ts';
import { onUserDeleted } from './handlers/on-user-deleted.ts';
import { onUserRegistered } from './handlers/on-user-registered.ts';
import { onUserUpdated } from './handlers/on-user-updated.ts';
import { ensureHighlights } from './highlights.ts';
import { installListing, startListing } from './listing/plugin.ts';
import { ensureKeyedLists, migrateCourses, writeItemIds } from './migrate.ts';
import analyticsRoutes, { onProgressRecorded } from './progress/analytics.ts';
import progressRoutes from './progress/routes.ts';
import { PROGRESS } from './progress/store.ts';
import { onVideoReady } from './progress/video-durations.ts';
import adminRoutes from './routes/admin/index.ts';
import catalogRoutes from './routes/catalog/index.ts';
import internalRoutes from './routes/internal/index.ts';
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
  indexes: [
    ...catalogIndexes,
    {
      collection: CERTIFICATES,
      indexes: [{ key: { studentId: 1, courseId: 1 }, name: 'one_per_student_course', unique: true }],
    },
  ],
  outboxCollections: [COURSES, PROGRESS],
  handlers: [
    onUserRegistered,
    onUserUpdated,
    onUserDeleted,
    onPaymentSucceeded,
    onCourseCompleted,
    onProgressRecorded,
    onVideoReady,
  ],
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
  routes: [
    catalogRoutes,
    learningRoutes,
    studentRoutes,
    tutorCourseRoutes,
    adminRoutes,
    internalRoutes,
    progressRoutes,
    analyticsRoutes,
    certificateRoutes,
  ],
  async onReady(app) {
    await migrateCourses(collections(app.db), app.log);
    await writeItemIds(collections(app.db), app.db, app.log);
    await seedCategories(app);
    if (app.config.seedDemo) await seedDemo(app);
    await ensureHighlights(app.db);
    await ensureKeyedLists(app.db, app.log);
    await startListing(app);
  },
};
