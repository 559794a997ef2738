import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

export interface Probes {
  /** Each named check resolves when healthy and rejects with the reason otherwise. */
  readiness: Record<string, () => Promise<void>>;
  gauges?: Record<string, { help: string; read: () => Promise<number> }>;
}

/** How often the event loop's delay is sampled for the `nodejs_eventloop_lag_*` metrics. */
const EVENT_LOOP_SAMPLE_MS = 1000;

/** `/healthz` (alive), `/readyz` (dependencies answer) and `/metrics` (Prometheus text). */
export function installObservability(app: FastifyInstance, service: string, probes: Probes): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  // The event loop's delay is sampled once a second, not every 10 ms (prom-client's default):
  // a 10 ms timer wakes an idle process 100 times a second, about half a percent of a core each.
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by route',
    labelNames: ['method', 'route'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  for (const [name, gauge] of Object.entries(probes.gauges ?? {})) {
    new Gauge({
      name,
      help: gauge.help,
      registers: [registry],
      async collect() {
        try {
          this.set(await gauge.read());
        } catch {
          this.set(-1);
        }
      },
    });
  }

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics' || route === '/healthz' || route === '/readyz') return;
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const results = await Promise.all(
      Object.entries(probes.readiness).map(async ([name, check]) => {
        try {
          await check();
          return [name, 'ok'] as const;
        } catch (error) {
          return [name, (error as Error).message || 'failing'] as const;
        }
      }),
    );
    const checks = Object.fromEntries(results);
    const ready = results.every(([, state]) => state === 'ok');
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks });
  });
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
  return registry;
}
