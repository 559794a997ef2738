/** The remotes the host's routes delegate to, as the platform registry names them. */
export type { RemoteName } from '@liveedu/platform-registry';
