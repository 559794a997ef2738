import type { FastifyRequest } from 'fastify';

/**
 * Credentials that travel in addresses, kept out of logs: a password-reset token and a playback
 * token are path segments (the spec's `reset-password/{token}`, signed `/media/…` addresses), a
 * payment's signature and a storage signature are query values.
 */
const SECRET_SEGMENTS: RegExp[] = [
  /^(\/api\/v1\/reset-password\/)[^/?#]+/,
  /^(\/media\/[^/?#]+\/[^/?#]+\/)[^/?#]+/,
];
const SECRET_QUERY = /([?&](?:[^=&#]*signature[^=&#]*|[^=&#]*token[^=&#]*|x-amz-credential)=)[^&#]*/gi;

export const REDACTED = '[redacted]';

/** The address (a path, or an absolute URL) with its credentials replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url)?.[0] ?? '';
  let path = url.slice(origin.length);
  for (const segment of SECRET_SEGMENTS) path = path.replace(segment, `$1${REDACTED}`);
  return origin + path.replace(SECRET_QUERY, `$1${REDACTED}`);
}

/** Pino's redaction of fields that hold addresses (the proxy logs where it forwards as `source`). */
export const redactAddresses = (paths: string[]) => ({
  paths,
  censor: (value: unknown) => (typeof value === 'string' ? redactUrl(value) : value),
});

/** How a request is written in the log: Fastify's fields, the address redacted. */
export function logRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
