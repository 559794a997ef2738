import type { FastifyInstance } from 'fastify';
import type { GatewayConfig } from '../config.ts';

/**
 * What a file's answer keeps of storage's: its content's headers. The rest (the server's name,
 * its request ids, its own security headers) would replace the gateway's.
 */
const FILE_HEADERS = [
  'content-type',
  'content-length',
  'etag',
  'last-modified',
  'accept-ranges',
  'content-range',
];

/**
 * Public files (thumbnails, avatars, category images) on the site's own origin. Requests go to
 * S3 anonymously, so only buckets with a public-read policy answer; private ones refuse.
 */
export async function filesRoute(app: FastifyInstance, config: GatewayConfig): Promise<void> {
  app.get<{ Params: { bucket: string; '*': string } }>('/files/:bucket/*', async (request, reply) => {
    const { bucket } = request.params;
    const key = request.params['*'];
    if (
      !bucket.startsWith(config.publicBucketPrefix) ||
      !/^[A-Za-z0-9/_.-]+$/.test(key) ||
      key.includes('..')
    ) {
      return reply.status(404).send({ message: 'File not found' });
    }
    return reply.from(`${config.filesUpstream}/${bucket}/${key}`, {
      rewriteRequestHeaders: (_original, headers) => {
        const out = { ...headers };
        delete out.authorization;
        delete out.cookie;
        delete out.id;
        return out;
      },
      rewriteHeaders: (headers) =>
        Object.fromEntries(Object.entries(headers).filter(([name]) => FILE_HEADERS.includes(name))),
      onResponse(_request, replyOut, response) {
        if (response.statusCode >= 400) {
          response.stream.resume();
          // Storage's own error document is XML; the answer is the gateway's JSON.
          for (const name of FILE_HEADERS) replyOut.removeHeader(name);
          return replyOut.status(404).send({ message: 'File not found' });
        }
        replyOut.header('cache-control', 'public, max-age=31536000, immutable');
        return replyOut.send(response.stream);
      },
      onError(errorReply) {
        errorReply.status(503).send({ message: 'File storage is unavailable, please try again' });
      },
    });
  });
}
