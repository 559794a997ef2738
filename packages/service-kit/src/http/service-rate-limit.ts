import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { KitConfig } from '../config.ts';
import { type SharedRateLimits, sharedRateLimits } from './shared-rate-limit.ts';

const perService = new WeakMap<KitConfig, SharedRateLimits>();

/**
 * Registers `@fastify/rate-limit` in a service's route plugin with the counts shared by every
 * replica of the service (NATS key-value), so a per-account limit holds however many replicas
 * run. Routes opt in with `config.rateLimit`; checked after the route's own preHandlers.
 */
export async function registerSharedRateLimit(
  app: FastifyInstance & { config: KitConfig },
  name: string,
): Promise<void> {
  let limits = perService.get(app.config);
  if (!limits) {
    limits = sharedRateLimits({
      natsUrl: app.config.natsUrl,
      prefix: app.config.eventPrefix,
      name,
      log: app.log,
    });
    perService.set(app.config, limits);
    const opened = limits;
    app.addHook('onClose', () => opened.close());
  }
  await app.register(rateLimit, { global: false, hook: 'preHandler', store: limits.Store });
}
