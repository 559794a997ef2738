import { randomBytes } from 'node:crypto';
import { type AccessPlan, accessPlan, natsUser, storageUser } from '@liveedu/platform-registry';

/** Each part's own NATS and storage users with fresh passwords, as the registry allows them. */
export interface LocalAccess extends AccessPlan {
  /** The variables that sign a part in as its own users (no storage key where it keeps no files). */
  envOf(part: string, applied: { nats: boolean; s3: boolean }): NodeJS.ProcessEnv;
}

const password = () => randomBytes(32).toString('hex');

export function localAccess(opts: { eventPrefix: string; bucketPrefix: string }): LocalAccess {
  const plan = accessPlan({ natsPassword: password, storageSecret: password, ...opts });
  return {
    ...plan,
    envOf(part, applied) {
      const env: NodeJS.ProcessEnv = {};
      const nats = plan.natsUsers.find((u) => u.user === natsUser(part));
      if (applied.nats && nats) Object.assign(env, { NATS_USER: nats.user, NATS_PASSWORD: nats.password });
      if (applied.s3) {
        const storage = plan.storageUsers.find((a) => a.accessKey === storageUser(part));
        env.S3_ACCESS_KEY = storage?.accessKey ?? '';
        env.S3_SECRET_KEY = storage?.secretKey ?? '';
      }
      return env;
    },
  };
}
