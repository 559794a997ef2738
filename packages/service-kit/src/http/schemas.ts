import { Type } from '@fastify/type-provider-typebox';
import type { Ajv } from 'ajv';
import type { FastifyInstance, FastifySchema } from 'fastify';

/** A MongoDB ObjectId as the API carries it. */
export const ObjectIdString = Type.String({ pattern: '^[0-9a-fA-F]{24}$' });
/** The answer to most writes, and every error. */
export const MessageReply = Type.Object({ message: Type.String() });
/** Every error response, for documentation. */
export const errorResponses = {
  400: MessageReply,
  401: MessageReply,
  403: MessageReply,
  404: MessageReply,
};
/**
 * A pattern matching any character that is not white space as JavaScript's `trim()` sees it. The
 * class is spelled out rather than `\S`, whose meaning differs between regular-expression
 * dialects (Python's, which clients and fuzzers use, counts U+FEFF as text and U+001C–U+001F and
 * U+0085 as space), so the published rule means the same to every reader of the document.
 */
export const HAS_TEXT =
  '[^\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff]';

/** A non-blank string: at least one character that is not white space. */
export const NonBlank = (options: { maxLength?: number } = {}) =>
  Type.String({ minLength: 1, pattern: HAS_TEXT, maxLength: options.maxLength ?? 10_000 });

/** `errorMessage`: an annotation Ajv keeps (read by the error handler), not a check. */
export function errorMessageKeyword(ajv: Ajv): Ajv {
  ajv.addKeyword({ keyword: 'errorMessage', schemaType: ['string', 'object'] });
  return ajv;
}

interface RouteSchema {
  hide?: boolean;
  consumes?: string[];
  params?: unknown;
  querystring?: unknown;
  body?: unknown;
  headers?: unknown;
  response?: Record<string, unknown>;
}

/**
 * A route that validates its input can answer 400 `{message}` (the error handler's answer to a
 * value its schema refuses), so its documented answers say so even where the route lists only
 * its own refusals.
 */
export function declareValidationAnswers(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const schema = route.schema as RouteSchema | undefined;
    if (!schema?.response || schema.hide) return;
    if (!(schema.params || schema.querystring || schema.body || schema.headers)) return;
    schema.response[400] ??= MessageReply;
  });
}

/** One rule of a `RuledString`: JSON-schema string keywords and the sentence its failure answers. */
export type StringRule = { message: string } & Record<string, unknown>;

/**
 * A string checked by rules in order, each failing with its own sentence (a blank value is
 * "required" before it is "too short"): a handler's checks stated in the schema, so the published
 * contract refuses exactly what the handler would.
 */
export const RuledString = (rules: StringRule[], options: { description?: string } = {}) =>
  Type.Unsafe<string>({
    type: 'string',
    ...options,
    allOf: rules.map(({ message, ...rule }) => ({ ...rule, errorMessage: message })),
  });

/**
 * Text a person writes: `min` (1 unless given) to `max` characters with more than spaces in them;
 * `short` answers a value that is too short or only spaces, `long` one that is too long (the same
 * sentence unless given).
 */
export const WrittenText = (length: { min?: number; max: number }, short: string, long = short) =>
  RuledString([
    { minLength: length.min ?? 1, pattern: HAS_TEXT, message: short },
    { maxLength: length.max, message: long },
  ]);

/** A file part of a multipart body, for the published document. */
export const FilePart = (description: string) =>
  Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description });

/**
 * The document's view of a multipart body: `multipart` on a route's schema names its parts for
 * clients (and fuzzers) to send, while the route reads and checks the parts itself as they
 * stream (a file is judged by its bytes), so nothing validates it as a parsed body.
 */
export function documentMultipart({ schema, url }: { schema: FastifySchema; url: string }) {
  const own = schema as RouteSchema & { multipart?: unknown };
  if (!own?.multipart) return { schema, url };
  const { multipart, ...rest } = own;
  return { schema: { ...rest, consumes: ['multipart/form-data'], body: multipart } as FastifySchema, url };
}
