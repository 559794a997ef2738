import type { FastifyInstance } from 'fastify';
import type { GatewayConfig } from '../config.ts';
import { routeTable, SERVICES } from '../route-table.ts';

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
export async function apiDocs(app: FastifyInstance, config: GatewayConfig): Promise<void> {
  const published = new Set(
    routeTable.map((entry) => `${entry.method.toLowerCase()} ${openApiPath(entry.path)}`),
  );
  let cached: { at: number; doc: unknown } | null = null;

  async function gather() {
    const paths: Record<string, Record<string, unknown>> = {};
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
              if (!published.has(`${method} ${path}`)) continue;
              paths[path] ??= {};
              paths[path][method] = { ...(operation as object), tags: [service] };
            }
          }
        } catch {
          unavailable.push(service);
        }
      }),
    );
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
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
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
