import { type InternalRoute, REQUEST_ID_HEADER } from '@liveedu/contracts';
import type { FastifySchema } from 'fastify';
import type { Static, TObject } from 'typebox';
import { answerCheck } from './answer-check.ts';
import { HttpError } from './errors.ts';
import { createServiceTokenSigner, SERVICE_TOKEN_HEADER } from './identity.ts';
import { jsonRequest } from './json-request.ts';
import { MessageReply } from './schemas.ts';

/** What a call of `route` sends: its path parameters, and its query and body where it has them. */
export type InternalInput<R extends InternalRoute> = {
  params: Static<R['params']>;
} & (R['query'] extends TObject ? { query: Static<R['query']> } : unknown) &
  (R['body'] extends TObject ? { body: Static<R['body']> } : unknown);

/** The callee's answer: the route's response, or one of the statuses it declares, with its message. */
export type InternalAnswer<R extends InternalRoute> =
  | { ok: true; body: Static<R['response']> }
  | { ok: false; status: R['errors'][number]; message: string };

export interface InternalClient<Api extends Record<string, InternalRoute>> {
  call<K extends keyof Api & string>(
    name: K,
    input: InternalInput<Api[K]>,
    requestId: string,
  ): Promise<InternalAnswer<Api[K]>>;
}

/** Every error answer's shape. */
const isMessage = answerCheck(MessageReply);

const pathOf = (route: InternalRoute, params: Record<string, unknown>) =>
  route.path.replace(/:([A-Za-z]+)/g, (_all, name: string) => encodeURIComponent(String(params[name])));

/**
 * A typed client of another service's internal calls (`CATALOG_INTERNAL`, `IDENTITY_INTERNAL` in
 * the contracts): only the calls the callee declares compile; each carries the service token and
 * the request id, has a deadline, and its answer is checked against the declared schema. Anything
 * but a declared answer — no connection, a timeout, an undeclared status, a body of another shape,
 * no address configured — is `503 "The <service> service is unavailable, please try again"`.
 */
export function internalClient<Api extends Record<string, InternalRoute>>(
  api: Api,
  opts: {
    /** The callee, as its error message names it. */
    service: string;
    /** The calling part, named in its service token. */
    caller: string;
    baseUrl: string | undefined;
    internalSecret: string;
    timeoutMs?: number;
  },
): InternalClient<Api> {
  const token = createServiceTokenSigner(opts.internalSecret, opts.caller);
  // Each answer's validator compiled once, with the call's first answer, not interpreted at every call.
  const answers = new Map(Object.entries(api).map(([name, route]) => [name, answerCheck(route.response)]));
  const unavailable = () =>
    new HttpError(503, `The ${opts.service} service is unavailable, please try again`);
  return {
    async call(name, input, requestId) {
      const route: InternalRoute = api[name] as InternalRoute;
      const given = input as {
        params: Record<string, unknown>;
        query?: Record<string, string>;
        body?: unknown;
      };
      if (!opts.baseUrl) throw unavailable();
      const query = given.query ? `?${new URLSearchParams(given.query)}` : '';
      let status: number;
      let body: unknown;
      try {
        ({ status, body } = await jsonRequest(`${opts.baseUrl}${pathOf(route, given.params)}${query}`, {
          method: route.method,
          headers: {
            accept: 'application/json',
            [SERVICE_TOKEN_HEADER]: token(),
            [REQUEST_ID_HEADER]: requestId,
            ...(given.body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          ...(given.body !== undefined ? { body: JSON.stringify(given.body) } : {}),
          timeoutMs: opts.timeoutMs ?? 5_000,
        }));
      } catch {
        throw unavailable();
      }
      if (status === 200 && answers.get(name)?.(body)) {
        return { ok: true, body } as InternalAnswer<Api[typeof name]>;
      }
      if (route.errors.includes(status) && isMessage(body)) {
        return { ok: false, status, message: body.message } as InternalAnswer<Api[typeof name]>;
      }
      throw unavailable();
    },
  };
}

/**
 * The schema a callee serves an internal route with: the declared parameters, query, body and
 * answers, hidden from the public document.
 */
export function internalSchema<R extends InternalRoute>(route: R) {
  const schema: FastifySchema = {
    hide: true,
    params: route.params,
    response: {
      200: route.response,
      ...Object.fromEntries(route.errors.map((status) => [status, MessageReply])),
    },
  };
  // Only what the route has: fastify warns of a schema key without a schema.
  if (route.query) schema.querystring = route.query;
  if (route.body) schema.body = route.body;
  return schema as {
    hide: true;
    params: R['params'];
    querystring: R['query'];
    body: R['body'];
    response: { 200: R['response'] } & { [S in R['errors'][number]]: typeof MessageReply };
  };
}
