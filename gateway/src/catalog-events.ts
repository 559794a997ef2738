import {
  CATALOG_COURSE_CREATED,
  CATALOG_COURSE_DELETED,
  CATALOG_COURSE_ENROLLED,
  CATALOG_COURSE_REVIEWED,
  CATALOG_COURSE_UPDATED,
} from '@liveedu/contracts';
import { type EventFollower, followEvents } from '@liveedu/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { PublicCache } from './public-cache.ts';

/**
 * Follows the catalog's course events and forgets the cached public answers on each: a course
 * created, changed, deleted, bought or reviewed may change any list, search or page. The cache's
 * own time limit (the catalog's `s-maxage`) bounds what an event missed during a gap can leave.
 */
export function followCatalogEvents(opts: {
  natsUrl: string;
  prefix: string;
  cache: PublicCache;
  log: FastifyBaseLogger;
}): EventFollower {
  return followEvents({
    natsUrl: opts.natsUrl,
    prefix: opts.prefix,
    owner: 'catalog',
    types: [
      CATALOG_COURSE_CREATED,
      CATALOG_COURSE_UPDATED,
      CATALOG_COURSE_DELETED,
      CATALOG_COURSE_ENROLLED,
      CATALOG_COURSE_REVIEWED,
    ],
    filter: 'catalog.course.*',
    name: 'gateway-public-cache',
    log: opts.log,
    onEvent: () => opts.cache.clear(),
    onGap: () => opts.cache.clear(),
  });
}
