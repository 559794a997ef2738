import type { RouteEntry } from './route-table.ts';

/**
 * What the gateway itself may answer for a call, before or instead of the service: the
 * published document declares these beside the service's own answers, so a client (and a
 * fuzzer) sees every status the call can have.
 */

/** find-my-way's default: a longer path segment is not routed (the gateway answers 400). */
export const MAX_PATH_SEGMENT = 100;

interface Parameter {
  in?: string;
  schema?: Record<string, unknown>;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
  security?: unknown;
}

const messageReply = (description: string) => ({
  description,
  content: {
    'application/json': {
      schema: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
    },
  },
});

/** The gateway's own answers, once in the document's components; operations refer to them. */
export const gatewayResponses = {
  Unavailable: messageReply('The service is unavailable (try again)'),
  Unauthenticated: messageReply('No, an invalid or an expired token, or an `id` header that is not its user'),
  Forbidden: messageReply('Your role may not make this call'),
  TooManyAttempts: messageReply('Too many attempts from this address (see Retry-After)'),
  TooLarge: messageReply('The request body is over the limit'),
};
type GatewayResponse = keyof typeof gatewayResponses;

/** The statuses the gateway may answer for an operation of `entry`'s kind. */
export function gatewayStatuses(entry: RouteEntry, hasBody: boolean): Record<string, GatewayResponse> {
  const statuses: Record<string, GatewayResponse> = { 503: 'Unavailable' };
  if (entry.access !== 'public') {
    statuses[401] = 'Unauthenticated';
    statuses[403] = 'Forbidden';
  }
  if (entry.limit !== undefined) statuses[429] = 'TooManyAttempts';
  if (hasBody) statuses[413] = 'TooLarge';
  return statuses;
}

/**
 * The service's operation as the gateway publishes it: path segments bounded as the router
 * bounds them, the gateway's own answers declared, and the credentials a call needs named.
 */
export function asPublished(operation: object, entry: RouteEntry): object {
  const op = operation as Operation;
  const parameters = op.parameters?.map((parameter) => {
    if (parameter.in !== 'path' || parameter.schema?.type !== 'string') return parameter;
    const own = typeof parameter.schema.maxLength === 'number' ? parameter.schema.maxLength : Infinity;
    return { ...parameter, schema: { ...parameter.schema, maxLength: Math.min(own, MAX_PATH_SEGMENT) } };
  });
  const responses: Record<string, unknown> = { ...op.responses };
  for (const [status, name] of Object.entries(gatewayStatuses(entry, Boolean(op.requestBody)))) {
    responses[status] ??= { $ref: `#/components/responses/${name}` };
  }
  return {
    ...op,
    ...(parameters ? { parameters } : {}),
    responses,
    ...(entry.access === 'public' ? {} : { security: [{ bearer: [], userId: [] }] }),
  };
}

export const securitySchemes = {
  bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
  userId: {
    type: 'apiKey',
    in: 'header',
    name: 'id',
    description: "The signed-in user's id, as the log-in answered it",
  },
};
