import { type TProperties, Type } from '@fastify/type-provider-typebox';
import type { Collection, Document, Filter, Sort, WithId } from 'mongodb';
import type { KeyedList } from '../keyed-list.ts';
import { MessageReply } from './schemas.ts';

/**
 * Every list the API returns is a page: `?page=` (from 1) and `?limit=` (1 to 100, default 24)
 * in, and `total`, `page` and `pages` out beside the list itself. Query strings stay strings
 * (no type coercion), so the numbers are checked by pattern and read here.
 */
export const DEFAULT_PAGE_LIMIT = 24;
export const MAX_PAGE_LIMIT = 100;

/** What a client is told when `page` or `limit` is not a number in range. */
export const PAGING_MESSAGES: Readonly<Record<string, string>> = {
  page: `page must be a whole number from 1`,
  limit: `limit must be a whole number from 1 to ${MAX_PAGE_LIMIT}`,
};

export const PageQueryFields = {
  page: Type.Optional(
    // Deeper pages than 100,000 are refused: nobody reads them, and they keep lists cheap.
    Type.String({ pattern: '^[1-9][0-9]{0,4}$|^100000$', description: 'Page number, from 1 (default 1)' }),
  ),
  limit: Type.Optional(
    Type.String({
      pattern: '^(100|[1-9][0-9]?)$',
      description: `Items per page, 1 to ${MAX_PAGE_LIMIT} (default ${DEFAULT_PAGE_LIMIT})`,
    }),
  ),
};

export const PageFields = {
  total: Type.Integer({ minimum: 0, description: 'How many items the whole list has' }),
  page: Type.Integer({ minimum: 1, description: 'This page, from 1' }),
  pages: Type.Integer({ minimum: 0, description: 'How many pages the list has at this limit' }),
};

export interface PageRequest {
  page: number;
  limit: number;
  /** Items to pass over: (page − 1) × limit. */
  skip: number;
}

export function pageRequest(
  query: { page?: string; limit?: string },
  defaultLimit = DEFAULT_PAGE_LIMIT,
): PageRequest {
  const page = query.page === undefined ? 1 : Number(query.page);
  const limit = query.limit === undefined ? defaultLimit : Number(query.limit);
  return { page, limit, skip: (page - 1) * limit };
}

export function pageFields(total: number, request: Pick<PageRequest, 'page' | 'limit'>) {
  return { total, page: request.page, pages: Math.ceil(total / request.limit) };
}

/** One page of a collection's documents in the given order, and how many match in all. */
export async function findPage<T extends Document>(
  collection: Collection<T>,
  filter: Filter<T>,
  sort: Sort,
  request: PageRequest,
): Promise<{ items: WithId<T>[]; total: number }> {
  const [items, total] = await Promise.all([
    collection.find(filter).sort(sort).skip(request.skip).limit(request.limit).toArray(),
    collection.countDocuments(filter),
  ]);
  return { items, total };
}

/**
 * One page of an owner's keyed list (a student's favourites, a course's reviews) as
 * `?page=&limit=` ask: the ids on it, and the answer's `total`, `page` and `pages`.
 */
async function keyedPage(list: KeyedList, owner: string, query: { page?: string; limit?: string }) {
  const page = pageRequest(query);
  const found = await list.page(owner, page.skip, page.limit);
  return { ids: found.ids, fields: pageFields(found.total, page) };
}

type Nothing = Record<never, never>;

/**
 * The schema of a paged list route: `?page=&limit=` (and any `query` fields of its own) in, its
 * `fields` beside `total`, `page` and `pages` out, 400 for a page or limit out of range, and any
 * other `responses` it gives.
 */
function pagedSchema<F extends TProperties, Q extends TProperties = Nothing, R extends object = Nothing>(
  fields: F,
  opts: { query?: Q; responses?: R } = {},
) {
  return {
    querystring: Type.Object({ ...PageQueryFields, ...(opts.query as Q) }),
    response: { 200: Type.Object({ ...fields, ...PageFields }), 400: MessageReply, ...(opts.responses as R) },
  };
}

/** Every list the API returns is a page; routes declare, read and answer one with these. */
export const paging = {
  schema: pagedSchema,
  request: pageRequest,
  fields: pageFields,
  find: findPage,
  keyed: keyedPage,
};
