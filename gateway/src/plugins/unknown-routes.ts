import type { FastifyInstance, FastifyReply } from 'fastify';
import { type RouteEntry, routeTable } from '../route-table.ts';

/**
 * Every other call under the API prefixes: a known path asked with another method is a 405 naming
 * the methods it has; anything else is not part of the contract (404).
 */
export function unknownRoutes(app: FastifyInstance): void {
  // A known path asked with another method: 405, naming the methods it has. Anything else under
  // the API prefixes is not part of the contract.
  const methodsOf = methodsByPath(routeTable);
  // Answered in onRequest, before any body is read: a method with a body but no content type
  // (QUERY, say) must still get its 405, not the body parser's complaint.
  for (const prefix of ['/api', '/api2', '/media']) {
    app.all(
      `${prefix}/*`,
      {
        async onRequest(request, reply) {
          const path = request.url.split('?')[0]!.replace(/\/{2,}/g, '/');
          const methods = methodsOf.find((entry) => entry.pattern.test(path))?.methods;
          if (methods?.includes(request.method)) {
            // A known call the router would not take: a path segment over its length limit.
            return reply.status(400).send({ message: 'A part of this address is too long' });
          }
          if (methods) return methodNotAllowed(reply, request.method, methods);
          return reply
            .status(404)
            .send({ message: `No route for ${request.method} ${request.url.split('?')[0]}` });
        },
      },
      async () => undefined,
    );
  }
}

/**
 * A path the table lists without parameters, asked with a method it lacks while a sibling with a
 * parameter takes that method (`PUT /api/v1/notes/export` beside `PUT /api/v1/notes/:noteId`): the
 * methods the listed path has, for a 405; null when the call is the parameterised route's.
 */
export function staticPathMethods(
  table: readonly RouteEntry[],
): (path: string, method: string) => string[] | null {
  const fixed = new Map<string, string[]>();
  for (const entry of table) {
    if (entry.path.includes(':')) continue;
    const methods = fixed.get(entry.path) ?? [];
    methods.push(entry.method, ...(entry.method === 'GET' ? ['HEAD'] : []));
    fixed.set(entry.path, methods.sort());
  }
  return (path, method) => {
    const methods = fixed.get(path.split('?')[0]!.replace(/\/+$/, ''));
    return methods && !methods.includes(method) ? methods : null;
  };
}

/** The answer to a known path asked with a method it does not have. */
export function methodNotAllowed(reply: FastifyReply, method: string, methods: readonly string[]) {
  return reply
    .status(405)
    .header('allow', methods.join(', '))
    .send({ message: `${method} is not allowed here; use ${methods.join(' or ')}` });
}

/** Each routed path as a pattern, with the methods it answers (HEAD with GET, as Fastify does). */
function methodsByPath(table: readonly RouteEntry[]): Array<{ pattern: RegExp; methods: string[] }> {
  const byPath = new Map<string, Set<string>>();
  for (const entry of table) {
    const methods = byPath.get(entry.path) ?? new Set<string>();
    methods.add(entry.method);
    if (entry.method === 'GET') methods.add('HEAD');
    byPath.set(entry.path, methods);
  }
  // A path without parameters first: `/api/v1/coupons/check` is its own path, not a coupon id.
  const fixedFirst = [...byPath].sort(([a], [b]) => Number(a.includes(':')) - Number(b.includes(':')));
  return fixedFirst.map(([path, methods]) => ({
    pattern: new RegExp(`^${path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+')}/?$`),
    methods: [...methods].sort(),
  }));
}
