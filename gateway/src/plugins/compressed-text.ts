import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Below this a compressed body saves less than a network packet. */
const MIN_BYTES = 1024;
/** Brotli's quality for a body made per request: fast, and still smaller than gzip's best. */
const BROTLI_QUALITY = 5;

/**
 * Sends text made per request (a rendered page) compressed as the browser accepts it: Brotli,
 * else gzip, else as it is. The site's built files come compressed from the build instead.
 */
export async function sendCompressed(request: FastifyRequest, reply: FastifyReply, text: string) {
  reply.header('vary', 'accept-encoding');
  const body = Buffer.from(text);
  const accepted = request.headers['accept-encoding'];
  const encoding =
    body.length >= MIN_BYTES && typeof accepted === 'string' ? negotiate(accepted, ['br', 'gzip']) : null;
  if (encoding === 'br') {
    const compressed = await brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    return reply.header('content-encoding', 'br').send(compressed);
  }
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(await gzipped(body));
  return reply.send(body);
}
