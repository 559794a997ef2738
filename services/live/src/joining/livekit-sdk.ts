import { loadOnce } from '@liveedu/service-kit';

/**
 * The media server's SDK, loaded with the first token, room change or webhook rather than at the
 * service's start: it costs a process about 17 MiB, and most hours have no live class.
 */
export const livekitSdk = loadOnce(() => import('livekit-server-sdk'));
