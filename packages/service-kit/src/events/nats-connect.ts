import { natsInboxPrefix } from '@liveedu/platform-registry';

export interface NatsServerOptions {
  servers: string[];
  user?: string;
  pass?: string;
  inboxPrefix?: string;
}

/**
 * The connection options of a NATS address as the configuration gives it: one or more
 * comma-separated URLs, the service's user and password in them (`nats://catalog:…@nats:4222`).
 * The credentials go to the client's own options, never on the wire in a URL, and a user's
 * replies arrive under its own inbox prefix, the only subjects its permissions let it read.
 */
export function natsServerOptions(natsUrl: string): NatsServerOptions {
  let user: string | undefined;
  let pass: string | undefined;
  const servers = natsUrl
    .split(',')
    .map((raw) => raw.trim())
    .filter(Boolean)
    .map((raw) => {
      const url = new URL(raw.includes('://') ? raw : `nats://${raw}`);
      if (url.username && user === undefined) {
        user = decodeURIComponent(url.username);
        pass = decodeURIComponent(url.password);
      }
      return `${url.protocol}//${url.host}`;
    });
  return user === undefined ? { servers } : { servers, user, pass, inboxPrefix: natsInboxPrefix(user) };
}

/** The address with credentials added: what a part's configuration hands its connections. */
export function natsUrlWithUser(
  natsUrl: string,
  user: string | undefined,
  password: string | undefined,
): string {
  if (!user) return natsUrl;
  return natsUrl
    .split(',')
    .map((raw) => {
      const url = new URL(raw.trim().includes('://') ? raw.trim() : `nats://${raw.trim()}`);
      url.username = encodeURIComponent(user);
      url.password = encodeURIComponent(password ?? '');
      return url.toString().replace(/\/$/, '');
    })
    .join(',');
}
