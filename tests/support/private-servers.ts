/**
 * Stacks on a server of the test's own instead of the shared one, so that the test can take it
 * away (`halt`) and bring it back (`resume`). The stack and the server are stopped when the test
 * ends, the stack first.
 */
import { startPrivateMinio, startPrivateMongo, startPrivateNats } from '@liveedu/test-kit';
import { type StackOptions, startStackForTest } from './stack.ts';

export async function stackOnPrivateMongo(opts: StackOptions) {
  const mongo = await startPrivateMongo();
  return { mongo, stack: await startStackForTest({ ...opts, mongoUrl: mongo.url }) };
}

export async function stackOnPrivateNats(opts: StackOptions) {
  const nats = await startPrivateNats();
  return { nats, stack: await startStackForTest({ ...opts, natsUrl: nats.url }) };
}

export async function stackOnPrivateMinio(opts: StackOptions) {
  const minio = await startPrivateMinio();
  return { minio, stack: await startStackForTest({ ...opts, s3: minio.s3 }) };
}
