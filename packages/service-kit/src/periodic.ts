import type { FastifyInstance } from 'fastify';

/**
 * Runs `job` once the service is ready and then every `everyMs` while it runs (a sweep of work
 * left behind: expired reservations, unsent refunds, abandoned uploads). A failed run is logged
 * with `failure` and tried again at the next tick; the timer never keeps the process alive and
 * stops when the service closes.
 */
export function runPeriodically(
  app: FastifyInstance,
  everyMs: number,
  job: () => Promise<unknown>,
  failure: string,
): void {
  const run = () =>
    job().catch((error: unknown) => {
      app.log.warn({ err: error }, failure);
    });
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(run, everyMs);
    timer.unref();
    void run();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
