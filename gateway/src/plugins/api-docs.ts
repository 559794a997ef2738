import type { FastifyInstance } from 'fastify';
import type { GatewayConfig } from '../config.ts';
import { asPublished, gatewayResponses, securitySchemes } from '../gateway-answers.ts';
import { type RouteEntry, routeTable, SERVICES } from '../route-table.ts';

interface OpenApiDoc {
  paths?: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
}

/** The fastify `/a/:b` form in OpenAPI's `/a/{b}` form. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');

/**
 * One OpenAPI document for the public API, gathered from each service's own document and
 * limited to the calls the gateway routes.
 */
/**
 * The operation without the parameters that are not parameters: @fastify/swagger spreads a
 * querystring schema that is a record (payments' callback reads any field) into parameters named
 * after its keywords (`type`, `additionalProperties`), which no client could send.
 */
function withRealParameters(operation: object): object {
  const { parameters } = operation as { parameters?: Array<{ schema?: unknown }> };
  if (!parameters) return operation;
  const real = parameters.filter(
    (parameter) =>
      typeof parameter.schema === 'object' &&
      parameter.schema !== null &&
      Object.keys(parameter.schema).length > 0,
  );
  return { ...operation, parameters: real };
}

export async function apiDocs(app: FastifyInstance, config: GatewayConfig): Promise<void> {
  // In the route table's order, so that the document (and the client types generated from it)
  // read the same whichever service answers first.
  const published = routeTable.map((entry) => ({
    path: openApiPath(entry.path),
    method: entry.method.toLowerCase(),
    entry,
  }));
  let cached: { at: number; doc: unknown } | null = null;

  async function gather() {
    const found = new Map<string, object>();
    const unavailable: string[] = [];
    await Promise.all(
      SERVICES.map(async (service) => {
        const url = config.services[service];
        try {
          if (!url) throw new Error('not configured');
          const response = await fetch(`${url}/openapi.json`, { signal: AbortSignal.timeout(3000) });
          if (!response.ok) throw new Error(String(response.status));
          const doc = (await response.json()) as OpenApiDoc;
          for (const [path, operations] of Object.entries(doc.paths ?? {})) {
            for (const [method, operation] of Object.entries(operations)) {
              found.set(`${service} ${method} ${path}`, {
                ...withRealParameters(operation as object),
                tags: [service],
              });
            }
          }
        } catch {
          unavailable.push(service);
        }
      }),
    );
    const paths: Record<string, Record<string, unknown>> = {};
    for (const { path, method, entry } of published) {
      const operation = found.get(`${entry.service} ${method} ${path}`);
      if (!operation) continue;
      paths[path] ??= {};
      paths[path][method] = asPublished(operation, entry as RouteEntry);
    }
    return {
      openapi: '3.0.3',
      info: {
        title: 'LiveEdu API',
        version: '1.0.0',
        description:
          'The public API of LiveEdu. Authenticated calls send `authorization: Bearer <token>` and `id: <user id>`.' +
          (unavailable.length
            ? ` Not included (service unavailable): ${unavailable.sort().join(', ')}.`
            : ''),
      },
      components: { securitySchemes, responses: gatewayResponses },
      paths,
    };
  }

  const handler = async () => {
    if (!cached || Date.now() - cached.at > 30_000) cached = { at: Date.now(), doc: await gather() };
    return cached.doc;
  };
  app.get('/api/docs', handler);
  app.get('/api/docs/openapi.json', handler);
}
