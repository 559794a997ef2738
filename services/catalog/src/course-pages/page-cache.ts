import type { ServiceApp } from '@liveedu/service-kit';
import { LRUCache } from 'lru-cache';
import { ObjectId } from 'mongodb';
import { details, type PublicCourseItem, publicContent, urlsOf } from '../courses/present.ts';
import { COURSES } from '../courses/store.ts';

/** A course's public page as every visitor sees it; `studentsEnrolled` is added per caller. */
export type CoursePage = Omit<Awaited<ReturnType<typeof details>>, 'studentsEnrolled' | 'courseContent'> & {
  courseContent: PublicCourseItem[][];
};

export interface CoursePages {
  /** The page of a listed course, from the cache or the database; null when there is none. */
  get(courseId: string): Promise<CoursePage | null>;
  /** The course changed: its page is read again next time. */
  forget(courseId: string): void;
  /** Something every page shows changed (a reviewer's name or avatar). */
  clear(): void;
}

/** What the course pages kept per catalog process may hold, in bytes of their JSON. */
export const COURSE_PAGES_BYTES = 24 * 1024 * 1024;

/**
 * Course pages kept per catalog process: bounded by their size (a page with a long description
 * and hundreds of items weighs a hundred times a short one), dropped by the same writes and events that keep
 * the listing current, and never older than the TTL (a backstop should an event be missed).
 * Concurrent misses for one course share one database read.
 */
export function createCoursePages(
  app: ServiceApp,
  opts: { maxBytes?: number; ttlMs?: number } = {},
): CoursePages {
  const urls = urlsOf(app);
  const load = async (courseId: string): Promise<CoursePage | undefined> => {
    const course = await COURSES.in(app.db).findOne(
      { _id: new ObjectId(courseId), listed: true },
      { projection: { countedTokens: 0 } },
    );
    if (!course) return undefined;
    const { studentsEnrolled: _viewerPart, ...page } = await details(app.db, urls, course, null);
    return { ...page, courseContent: publicContent(page.courseContent) };
  };
  const cache = new LRUCache<string, CoursePage>({
    maxSize: opts.maxBytes ?? COURSE_PAGES_BYTES,
    sizeCalculation: (page) => Buffer.byteLength(JSON.stringify(page)),
    ttl: opts.ttlMs ?? 60_000,
    fetchMethod: (courseId) => load(courseId),
  });
  return {
    async get(courseId) {
      try {
        return (await cache.fetch(courseId)) ?? null;
      } catch (error) {
        // The course changed while its page was being read (`forget` aborts that read so it is
        // not cached); this request reads it again, uncached.
        if (cache.has(courseId) || !(error instanceof Error)) throw error;
        return (await load(courseId)) ?? null;
      }
    },
    forget: (courseId) => {
      cache.delete(courseId);
    },
    clear: () => cache.clear(),
  };
}
