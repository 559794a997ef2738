import etag from '@fastify/etag';
import type { ServiceDefinition } from '@liveedu/service-kit';
import { onProgressRecorded } from './analytics/handlers.ts';
import analyticsRoutes from './analytics/routes.ts';
import categoryRoutes from './categories/routes.ts';
import { seedCategories } from './categories/seed.ts';
import { CATEGORIES, CATEGORIES_BUCKET } from './categories/store.ts';
import { onCourseCompleted } from './certificates/handlers.ts';
import certificateRoutes, { certificateCheckRoutes } from './certificates/routes.ts';
import { CERTIFICATES } from './certificates/store.ts';
import { installCacheHeaders } from './course-pages/cache-headers.ts';
import coursePageRoutes from './course-pages/routes.ts';
import { ensureKeyedLists, migrateCourses, writeItemIds } from './courses/migrations.ts';
import tutorCourseRoutes, { courseStatsRoutes, tutorCourseReadRoutes } from './courses/routes.ts';
import { COURSES, THUMBNAILS_BUCKET } from './courses/store.ts';
import { seedDemo } from './demo/seed.ts';
import { onPaymentSucceeded, onRefundProcessed } from './enrollment/handlers.ts';
import learningRoutes, { freeEnrollmentRoutes, saleRoutes } from './enrollment/routes.ts';
import { countLeftovers, ENROLLMENTS } from './enrollment/store.ts';
import favouriteRoutes from './favourites/routes.ts';
import { FAVOURITES } from './favourites/store.ts';
import { onUserDeleted, onUserRegistered, onUserUpdated } from './instructors/handlers.ts';
import instructorRoutes from './instructors/routes.ts';
import { TUTORS } from './instructors/store.ts';
import { installListing, startListing } from './listing/plugin.ts';
import listingRoutes, { searchRoutes } from './listing/routes.ts';
import memberRoutes from './members/routes.ts';
import { onItemPassed, onRequirementChanged, onVideoReady } from './progress/handlers.ts';
import progressRoutes, { learnerItemRoutes, learnerStandingRoutes } from './progress/routes.ts';
import { ITEM_REQUIREMENTS, PROGRESS } from './progress/store.ts';
import { ensureHighlights } from './reviews/highlights.ts';
import reviewRoutes, { reviewReplyRoutes, reviewWritingRoutes } from './reviews/routes.ts';
import { REVIEWS } from './reviews/store.ts';
import sitemapRoutes from './sitemap/routes.ts';
import videoAccessRoutes from './video-access/routes.ts';

export const catalogService: ServiceDefinition = {
  name: 'catalog',
  openapi: {
    title: 'LiveEdu catalog',
    description: 'Categories, courses, search, instructor pages, favourites, enrollment and reviews.',
  },
  indexes: [COURSES, CATEGORIES, TUTORS, FAVOURITES, ENROLLMENTS, REVIEWS, CERTIFICATES, ITEM_REQUIREMENTS],
  outboxCollections: [COURSES.collection, PROGRESS.collection],
  handlers: [
    onUserRegistered,
    onUserUpdated,
    onUserDeleted,
    onPaymentSucceeded,
    onRefundProcessed,
    onCourseCompleted,
    onProgressRecorded,
    onVideoReady,
    onItemPassed,
    onRequirementChanged,
  ],
  buckets: [
    { name: THUMBNAILS_BUCKET, access: 'public-read', images: true },
    { name: CATEGORIES_BUCKET, access: 'public-read', images: true },
  ],
  decorate(app) {
    installListing(app);
  },
  async plugins(app) {
    await app.register(etag, { weak: true });
    installCacheHeaders(app);
  },
  routes: [
    categoryRoutes,
    listingRoutes,
    searchRoutes,
    instructorRoutes,
    coursePageRoutes,
    reviewRoutes,
    reviewWritingRoutes,
    reviewReplyRoutes,
    learningRoutes,
    freeEnrollmentRoutes,
    favouriteRoutes,
    tutorCourseRoutes,
    tutorCourseReadRoutes,
    courseStatsRoutes,
    videoAccessRoutes,
    sitemapRoutes,
    saleRoutes,
    progressRoutes,
    learnerItemRoutes,
    learnerStandingRoutes,
    memberRoutes,
    analyticsRoutes,
    certificateRoutes,
    certificateCheckRoutes,
  ],
  async onReady(app) {
    await migrateCourses(app.db, app.log);
    await countLeftovers(app.db, app.outbox, new Date(), app.log);
    await writeItemIds(app.db, app.log);
    await seedCategories(app);
    if (app.config.seedDemo) await seedDemo(app);
    await ensureHighlights(app.db);
    await ensureKeyedLists(app.db, app.log);
    await startListing(app);
  },
};
