import {
  CATALOG_COURSE_CREATED,
  CATALOG_COURSE_DELETED,
  CATALOG_COURSE_ENROLLED,
  CATALOG_COURSE_REVIEWED,
  CATALOG_COURSE_UPDATED,
  IDENTITY_USER_DELETED,
  IDENTITY_USER_UPDATED,
  type IdentityUserDeletedData,
  type IdentityUserUpdatedData,
  type IntegrationEvent,
} from '@liveedu/contracts';
import { type EventFollower, followEvents, lastSequence, type ServiceApp } from '@liveedu/service-kit';
import { type CoursePages, createCoursePages } from '../course-pages/page-cache.ts';
import { type CourseListing, createCourseListing } from './course-listing.ts';
import { loadListing, refreshCourse } from './feed.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Listed course cards and tutors, for every list and search (see ADR 6). */
    listing: CourseListing;
    /** Course pages, cached; dropped with the listing's entry. */
    coursePages: CoursePages;
    /** Re-reads one course into the listing and drops its cached page: called after this replica writes it. */
    refreshListing(courseId: string): Promise<void>;
  }
}

/** Course events after which the listing re-reads the course by id and drops its cached page. */
export const LISTING_COURSE_EVENTS = [
  CATALOG_COURSE_CREATED,
  CATALOG_COURSE_UPDATED,
  CATALOG_COURSE_DELETED,
  CATALOG_COURSE_ENROLLED,
  CATALOG_COURSE_REVIEWED,
];

/** A listing whose contents can be swapped whole, so a reload never shows a half-filled one. */
function swappable(initial: CourseListing): CourseListing & { swap(next: CourseListing): void } {
  let current = initial;
  return {
    put: (course) => current.put(course),
    putAll: (courses) => current.putAll(courses),
    remove: (courseId) => current.remove(courseId),
    get: (courseId) => current.get(courseId),
    newest: (request) => current.newest(request),
    loved: (limit) => current.loved(limit),
    search: (text, request) => current.search(text, request),
    browse: (request) => current.browse(request),
    putTutor: (tutor) => current.putTutor(tutor),
    removeTutor: (tutorId) => current.removeTutor(tutorId),
    deleteTutor: (tutorId) => current.deleteTutor(tutorId),
    searchTutors: (text, limit) => current.searchTutors(text, limit),
    tutorByUsername: (usernameKey) => current.tutorByUsername(usernameKey),
    tutor: (tutorId, fresher) => current.tutor(tutorId, fresher),
    teaching: () => current.teaching(),
    get size() {
      return current.size;
    },
    swap(next) {
      current = next;
    },
  };
}

/** Tutors whose deletion this process has seen: every listing it builds refuses them. */
const deletedTutors = new WeakMap<ServiceApp, Set<string>>();
const deletedTutorsOf = (app: ServiceApp): Set<string> => {
  let known = deletedTutors.get(app);
  if (!known) {
    known = new Set();
    deletedTutors.set(app, known);
  }
  return known;
};

/** The event followers `startListing` starts, stopped when the service closes. */
const followersOf = new WeakMap<ServiceApp, EventFollower[]>();
const closing = new WeakSet<ServiceApp>();

export function installListing(app: ServiceApp): void {
  app.addHook('onClose', async () => {
    // Nothing is rebuilt or re-read once the database is on its way out.
    closing.add(app);
    await Promise.all((followersOf.get(app) ?? []).map((f) => f.stop()));
  });
  const listing = swappable(createCourseListing({ deletedTutors: deletedTutorsOf(app) }));
  const pages = createCoursePages(app);
  app.decorate('listing', listing);
  app.decorate('coursePages', pages);
  app.decorate('refreshListing', async (courseId: string) => {
    pages.forget(courseId);
    await refreshCourse(app.db, listing, courseId);
  });
}

/**
 * Fills the listing and keeps it current. The stream positions are read before the snapshot, so
 * the events that follow it are replayed onto it (re-reading a course is safe to repeat) and
 * none is missed; a replica that may have missed some later reloads everything.
 */
export async function startListing(
  app: ServiceApp,
  courseEvents: string[] = LISTING_COURSE_EVENTS,
): Promise<void> {
  const { natsUrl, eventPrefix: prefix } = app.config;
  const listing = app.listing;
  const positions = await Promise.all(
    ['catalog', 'identity'].map((owner) => lastSequence(natsUrl, prefix, owner).catch(() => undefined)),
  );
  const started = performance.now();
  const loaded = await loadListing(app.db, listing);
  app.log.info(
    { ...loaded, ms: Math.round(performance.now() - started) },
    'course listing loaded from the database',
  );

  // Events that arrive while a reload reads the database are applied to the old contents and
  // noted, then applied again to the new ones before they are swapped in.
  let reloading: Promise<void> | null = null;
  let during: IntegrationEvent[] = [];
  const apply = async (target: CourseListing, event: IntegrationEvent) => {
    if (event.type.startsWith('identity.')) {
      app.coursePages.clear();
      await applyUserEvent(app, target, event);
    } else {
      const { courseId } = event.data as { courseId: string };
      app.coursePages.forget(courseId);
      await refreshCourse(app.db, target, courseId);
    }
  };
  const onEvent = async (event: IntegrationEvent) => {
    if (closing.has(app)) return;
    if (reloading) during.push(event);
    await apply(listing, event);
  };
  const reload = () => {
    if (closing.has(app)) return Promise.resolve();
    reloading ??= (async () => {
      during = [];
      const fresh = createCourseListing({ deletedTutors: deletedTutorsOf(app) });
      await loadListing(app.db, fresh);
      for (const event of during) await apply(fresh, event);
      (listing as ReturnType<typeof swappable>).swap(fresh);
      app.coursePages.clear();
      app.log.info({ courses: fresh.size }, 'course listing reloaded after missed events');
    })().finally(() => {
      reloading = null;
      during = [];
    });
    return reloading;
  };

  const followers: EventFollower[] = [
    followEvents({
      natsUrl,
      prefix,
      owner: 'catalog',
      types: courseEvents,
      filter: 'catalog.course.*',
      name: 'catalog-listing',
      log: app.log,
      startAt: positions[0] === undefined ? undefined : positions[0] + 1,
      onEvent,
      onGap: reload,
    }),
    followEvents({
      natsUrl,
      prefix,
      owner: 'identity',
      types: [IDENTITY_USER_UPDATED, IDENTITY_USER_DELETED],
      filter: 'identity.user.*',
      name: 'catalog-listing',
      log: app.log,
      startAt: positions[1] === undefined ? undefined : positions[1] + 1,
      onEvent,
      onGap: reload,
    }),
  ];
  followersOf.set(app, followers);
}

/**
 * A user's news straight from the event: this replica's durable handler may not have written the
 * catalog's copy of the user yet, so the listing does not read it back.
 */
async function applyUserEvent(
  app: ServiceApp,
  listing: CourseListing,
  event: IntegrationEvent,
): Promise<void> {
  if (event.type === IDENTITY_USER_DELETED) {
    const { userId } = event.data as IdentityUserDeletedData;
    listing.deleteTutor(userId);
    return;
  }
  const user = event.data as IdentityUserUpdatedData;
  if (user.role === 'tutor') {
    listing.putTutor({ _id: user.userId, username: user.username, avatar: user.avatar, desc: user.desc });
  } else listing.removeTutor(user.userId);
  if (user.changed.includes('username')) {
    // The cards are read again for their description words (the listing keeps none), with the
    // new name from the event: the durable handler may not have written it to the courses yet.
    for (const course of coursesOf(listing, user.userId)) {
      await refreshCourse(app.db, listing, course._id, { tutorUsername: user.username });
    }
  }
}

const coursesOf = (listing: CourseListing, tutorId: string) =>
  listing.newest({ page: 1, limit: Number.MAX_SAFE_INTEGER, tutorId }).items;
