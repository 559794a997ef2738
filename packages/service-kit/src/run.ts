import closeWithGrace from 'close-with-grace';
import { ConfigError } from './config.ts';
import { createService, type ServiceDefinition } from './create-service.ts';

/** Builds a service from the environment, listens, and closes gracefully on a signal. */
export async function runService(def: ServiceDefinition): Promise<void> {
  let service: Awaited<ReturnType<typeof createService>>;
  try {
    service = await createService(def);
  } catch (error) {
    const reason = error instanceof ConfigError ? error.message : (error as Error).stack;
    process.stderr.write(`${def.name}: cannot start: ${reason}\n`);
    process.exit(1);
  }
  closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
    if (err) service.app.log.error({ err }, 'closing after an error');
    else service.app.log.info({ signal }, 'closing');
    await service.close();
  });
  const address = await service.listen();
  service.app.log.info(`${def.name} listening on ${address}`);
}
