import { IDENTITY_HEADER } from '@liveedu/contracts';
import type { FastifyInstance } from 'fastify';

/**
 * Cache-Control on every successful read. What an anonymous caller gets is the same for every
 * anonymous caller: browsers revalidate it each time with its ETag (a 304 costs no body), and a
 * shared cache such as the gateway may keep it for a second (dropped sooner by course events).
 * What a signed-in caller gets may be theirs alone (`studentsEnrolled`, favourites): private.
 */
export const PUBLIC_READ = 'public, max-age=0, must-revalidate, s-maxage=1';
export const PRIVATE_READ = 'private, no-cache';

export function installCacheHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || reply.statusCode !== 200 || reply.hasHeader('cache-control'))
      return payload;
    reply.header('cache-control', request.headers[IDENTITY_HEADER] ? PRIVATE_READ : PUBLIC_READ);
    return payload;
  });
}
