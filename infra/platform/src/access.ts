import { randomBytes } from 'node:crypto';
import type { MinioAccount, NatsUser } from '@liveedu/local-servers';
import {
  ACCESS_PARTS,
  natsPermissions,
  natsUser,
  STORAGE_PARTS,
  storagePolicy,
  storageUser,
} from '@liveedu/platform-registry';

/** Each part's own NATS and storage users with fresh passwords, as the registry allows them. */
export interface LocalAccess {
  natsUsers: NatsUser[];
  minioAccounts: MinioAccount[];
  /** The variables that sign a part in as its own users (none for storage where it keeps no files). */
  envOf(part: string, applied: { nats: boolean; s3: boolean }): NodeJS.ProcessEnv;
}

const password = () => randomBytes(32).toString('hex');

export function localAccess(opts: { eventPrefix: string; bucketPrefix: string }): LocalAccess {
  const natsUsers: NatsUser[] = ACCESS_PARTS.map((part) => ({
    user: natsUser(part.name),
    password: password(),
    permissions: natsPermissions(part.name, opts.eventPrefix),
  }));
  const minioAccounts: MinioAccount[] = STORAGE_PARTS.map((service) => ({
    accessKey: storageUser(service.name),
    secretKey: password(),
    policy: storageUser(service.name),
    document: storagePolicy(service.name, opts.bucketPrefix),
  }));
  return {
    natsUsers,
    minioAccounts,
    envOf(part, applied) {
      const env: NodeJS.ProcessEnv = {};
      const nats = natsUsers.find((u) => u.user === natsUser(part));
      if (applied.nats && nats) Object.assign(env, { NATS_USER: nats.user, NATS_PASSWORD: nats.password });
      if (applied.s3) {
        const storage = minioAccounts.find((a) => a.accessKey === storageUser(part));
        // A part that keeps no files is given no storage key at all.
        env.S3_ACCESS_KEY = storage?.accessKey ?? '';
        env.S3_SECRET_KEY = storage?.secretKey ?? '';
      }
      return env;
    },
  };
}
