import type { RouteEntry } from './route-table.ts';

/**
 * What the gateway itself may answer for a call, before or instead of the service: the
 * published document declares these beside the service's own answers, so a client (and a
 * fuzzer) sees every status the call can have.
 */

/** find-my-way's default: a longer path segment is not routed (the gateway answers 400). */
export const MAX_PATH_SEGMENT = 100;

const messageReply = (description: string) => ({
  description,
  content: {
    'application/json': {
      schema: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
    },
  },
});

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

/** The statuses the gateway adds to every operation of `entry`'s kind, with their `{message}`. */
export function gatewayStatuses(entry: RouteEntry, hasBody: boolean): Record<string, string> {
  const statuses: Record<string, string> = {
    503: 'The service is unavailable (try again)',
  };
  if (entry.access !== 'public') {
    statuses[401] = 'No, an invalid or an expired token, or an `id` header that is not its user';
    statuses[403] = 'Your role may not make this call';
  }
  if (entry.limit === 'auth') statuses[429] = 'Too many attempts from this address (see Retry-After)';
  if (hasBody) statuses[413] = 'The request body is over the limit';
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
  for (const [status, description] of Object.entries(gatewayStatuses(entry, Boolean(op.requestBody)))) {
    responses[status] ??= messageReply(description);
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
