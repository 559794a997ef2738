import type { FastifyError, FastifyInstance } from 'fastify';
import { PAGING_MESSAGES } from './paging.ts';
import { isUnavailable } from './unavailable.ts';

/** An error whose message is meant for the client, with the status that fits it. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Please log in to continue') => new HttpError(401, message);
export const forbidden = (message = 'You are not allowed to do this') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooLarge = (message = 'The upload is too large') => new HttpError(413, message);

interface ValidationIssue {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: { missingProperty?: string };
  /** The schema the failed keyword belongs to (Ajv's `verbose`), for its `errorMessage`. */
  parentSchema?: { errorMessage?: unknown };
}

/**
 * The sentence a schema gives for its own failure: `errorMessage` is one sentence for any failed
 * keyword, or one per keyword (`{ pattern: '…', maxLength: '…' }`), so a rule moved from a
 * handler into its schema keeps the words clients show.
 */
function ownMessage(issue: ValidationIssue): string | undefined {
  const message = issue.parentSchema?.errorMessage;
  if (typeof message === 'string') return message;
  if (message && typeof message === 'object' && issue.keyword) {
    const forKeyword = (message as Record<string, unknown>)[issue.keyword];
    if (typeof forKeyword === 'string') return forKeyword;
  }
  return undefined;
}

/** Turns Ajv's first complaint into a sentence a client can show. */
function describeValidation(error: FastifyError): string {
  const issues = (error.validation ?? []) as ValidationIssue[];
  const first = issues[0];
  if (!first) return 'Invalid request';
  // Ajv lists a failed `anyOf`'s branches before the `anyOf` itself: the first sentence a schema
  // gives is the one to answer.
  const own = issues.map(ownMessage).find((message) => message !== undefined);
  if (own) return own;
  const where = error.validationContext ?? 'request';
  const field = first.params?.missingProperty ?? first.instancePath?.replace(/^\//, '').replace(/\//g, '.');
  if (first.params?.missingProperty) return 'All fields are required';
  const paging = where === 'querystring' && field ? PAGING_MESSAGES[field] : undefined;
  if (paging) return paging;
  return field
    ? `Invalid ${field} in ${where}: ${first.message ?? 'not allowed'}`
    : `Invalid ${where}: ${first.message}`;
}

const CLIENT_ERROR_CODES: Record<string, number> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 413,
  FST_REQ_FILE_TOO_LARGE: 413,
  FST_FILES_LIMIT: 413,
  FST_PARTS_LIMIT: 413,
  FST_FIELDS_LIMIT: 413,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 415,
  FST_ERR_CTP_EMPTY_JSON_BODY: 400,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 400,
  FST_INVALID_MULTIPART_CONTENT_TYPE: 406,
};

/** Every error leaves as `{message}` with a fitting status; nothing internal leaks. */
export function installErrorHandling(app: FastifyInstance, opts: { notFound?: boolean } = {}): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ message: error.message });
    }
    if (error.validation) {
      return reply.status(400).send({ message: describeValidation(error) });
    }
    const mapped = error.code ? CLIENT_ERROR_CODES[error.code] : undefined;
    if (mapped) {
      const message = mapped === 413 ? 'The request is too large' : error.message;
      return reply.status(mapped).send({ message });
    }
    if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      return reply.status(400).send({ message: 'The request body is not valid JSON' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: error.message });
    }
    if (isUnavailable(error)) {
      // The database or another server is away: worth a retry, and reconnecting is the driver's.
      request.log.warn({ err: error }, 'a server this request needs is unavailable');
      return reply.status(503).send({ message: 'A service is unavailable, please try again' });
    }
    request.log.error({ err: error }, 'request failed');
    const upstream = status === 502 || status === 503 || status === 504;
    return reply
      .status(upstream ? status : 500)
      .send({ message: upstream ? 'A service is unavailable, please try again' : 'Something went wrong' });
  });

  if (opts.notFound === false) return;
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ message: `No route for ${request.method} ${request.url.split('?')[0]}` });
  });
}
