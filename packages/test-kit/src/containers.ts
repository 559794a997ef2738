import { s3FromEnv } from '@liveedu/local-servers';
import type { StartedTestContainer } from 'testcontainers';
import type { TestServers } from './index.ts';

const ACCESS_KEY = 'liveedu';
const SECRET_KEY = 'liveedu-secret';

/** mongo:7, nats:2.10 (JetStream) and minio/minio, except those the environment points at. */
export async function startContainers(
  env: NodeJS.ProcessEnv,
  log: (line: string) => void,
): Promise<{ servers: TestServers; stop: () => Promise<void> }> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const started: StartedTestContainer[] = [];
  const stop = async () => {
    await Promise.all(started.map((c) => c.stop()));
    started.length = 0;
  };
  const run = async (container: InstanceType<typeof GenericContainer>) => {
    const c = await container.start();
    started.push(c);
    return c;
  };
  try {
    const [mongoUrl, natsUrl, s3] = await Promise.all([
      env.MONGO_URL ||
        run(
          new GenericContainer('mongo:7')
            .withExposedPorts(27017)
            .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/)),
        ).then((c) => `mongodb://${c.getHost()}:${c.getMappedPort(27017)}/?directConnection=true`),
      env.NATS_URL ||
        run(
          new GenericContainer('nats:2.10')
            .withCommand(['-js'])
            .withExposedPorts(4222)
            .withWaitStrategy(Wait.forLogMessage(/Server is ready/)),
        ).then((c) => `nats://${c.getHost()}:${c.getMappedPort(4222)}`),
      s3FromEnv(env) ??
        run(
          new GenericContainer('minio/minio')
            .withCommand(['server', '/data'])
            .withEnvironment({
              MINIO_ROOT_USER: ACCESS_KEY,
              MINIO_ROOT_PASSWORD: SECRET_KEY,
              MINIO_BROWSER: 'off',
            })
            .withExposedPorts(9000)
            .withWaitStrategy(Wait.forHttp('/minio/health/ready', 9000).forStatusCode(200)),
        ).then((c) => ({
          endPoint: c.getHost(),
          port: c.getMappedPort(9000),
          useSSL: false,
          accessKey: ACCESS_KEY,
          secretKey: SECRET_KEY,
        })),
    ]);
    log(`containers ready: ${mongoUrl} ${natsUrl} s3 ${s3.endPoint}:${s3.port}`);
    return { servers: { mongoUrl, natsUrl, s3 }, stop };
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
}
