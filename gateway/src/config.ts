import { join } from 'node:path';
import { envName, HOST, REMOTE_NAMES, remoteDir } from '@liveedu/platform-registry';
import { DEFAULT_SERVICE_PORTS, loadKitConfig, PortNumber, parseEnv, Type } from '@liveedu/service-kit';
import { SERVICES, type ServiceName } from './route-table.ts';

export interface GatewayConfig {
  host: string;
  port: number;
  logLevel: string;
  /** Where the log goes instead of standard output (tests read it). */
  logStream?: NodeJS.WritableStream;
  production: boolean;
  jwtSecret: string;
  internalSecret: string;
  /** Where each service answers; a service with no URL answers 503 until it exists. */
  services: Partial<Record<ServiceName, string>>;
  /** NATS, where identity's user events come from, and the prefix of its subjects and streams. */
  natsUrl: string;
  eventPrefix: string;
  /** Users' roles kept between calls; see the README for how they are kept current. */
  accessCache: { maxEntries: number; ttlMs: number };
  /** Anonymous public answers kept for as long as their service's `s-maxage` allows, at most `maxTtlMs`. */
  publicCache: { maxEntries: number; maxBytes: number; maxBodyBytes: number; maxTtlMs: number };
  /** How long an authenticated call waits for identity before answering 503. */
  identityTimeoutMs: number;
  /** The S3 endpoint public files are read from, served under `/files/`. */
  filesUpstream: string;
  publicBucketPrefix: string;
  authRateLimitPerMinute: number;
  /** Public look-ups per address and minute (a coupon code's check). */
  lookupRateLimitPerMinute: number;
  /**
   * Which proxies in front of the gateway tell the client's address (`X-Forwarded-For`): how
   * many hops, or their addresses; false takes the connection's own address, whatever a client
   * writes in the header.
   */
  trustedProxies: number | string[] | false;
  jsonBodyLimit: number;
  uploadBodyLimit: number;
  /** Built front end: the host shell and each remote, when served by the gateway. */
  site: {
    /** The site's public origin (`PUBLIC_URL`): canonical and shared-link addresses of pages. */
    publicUrl: string;
    hostDir?: string;
    /**
     * Where the host's files are read from when they are not in a folder here (`HOST_URL`, a
     * deployment's host): the page template and the host's server build. A remote's relative
     * address is read from there too.
     */
    hostUrl?: string;
    remotes: Record<string, string>;
    /** Where browsers load each remote's manifest (`MFE_<NAME>_URL`, as the host's config says). */
    remoteUrls: Record<string, string>;
    /**
     * Where this gateway reaches a remote's files when not where browsers do
     * (`MFE_<NAME>_INTERNAL_URL`, a folder: a deployment's in-cluster address).
     */
    remoteInternalUrls: Record<string, string>;
    checkoutUrl?: string;
    /** Where browsers upload video parts when not the S3 endpoint (`MEDIA_S3_UPLOAD_ENDPOINT`). */
    uploadEndpoint?: string;
    /** Where browsers reach the live classes' media server (`LIVEKIT_PUBLIC_URL`). */
    liveMediaUrl?: string;
  };
}

const serviceUrlName = (name: ServiceName) => envName(name, 'URL');
/** An IPv4 or IPv6 address, or a CIDR. */
const ADDRESS = '[0-9a-fA-F:.]+(/\\d{1,3})?';

/** `TRUSTED_PROXIES`: unset trusts no proxy; a number is a hop count; otherwise addresses. */
function trustedProxiesOf(value: string | undefined): GatewayConfig['trustedProxies'] {
  if (!value) return false;
  if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
  return value.split(',');
}

/** What the gateway reads beyond the kit's configuration; a bad value stops its start, named. */
export const gatewayEnv = Type.Object({
  PORT: PortNumber(8080),
  HOST: Type.Optional(Type.String()),
  AUTH_RATE_LIMIT_PER_MINUTE: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 30 }),
  LOOKUP_RATE_LIMIT_PER_MINUTE: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 60 }),
  TRUSTED_PROXIES: Type.Optional(
    Type.String({
      pattern: `^(\\d{1,2}|${ADDRESS}(,${ADDRESS})*)$`,
      errorMessage:
        'must be how many proxies are in front of the gateway (e.g. 1) or their addresses or CIDRs, comma-separated',
    }),
  ),
  /** The checkout script's address as the browser loads it. */
  RAZORPAY_CHECKOUT_URL: Type.Optional(Type.String()),
  MEDIA_S3_UPLOAD_ENDPOINT: Type.Optional(Type.String()),
  LIVEKIT_PUBLIC_URL: Type.Optional(Type.String()),
});

/** Where each service answers (`IDENTITY_URL` …); `none` leaves it out, and its calls answer 503. */
const serviceUrlsEnv = Type.Object(
  Object.fromEntries(
    SERVICES.map((name) => [
      serviceUrlName(name),
      Type.Optional(Type.String({ pattern: '^(none|https?://.+)$' })),
    ]),
  ),
);

const remoteVariable = (name: string, key: 'DIST_DIR' | 'URL' | 'INTERNAL_URL') =>
  envName(`mfe-${name}`, key);

/** The built front end the gateway serves: each part's folder, or the address a remote is loaded from. */
const siteEnv = Type.Object({
  HOST_DIST_DIR: Type.Optional(Type.String()),
  HOST_URL: Type.Optional(
    Type.String({
      pattern: '^https?://[^/]+/?$',
      errorMessage: 'must be an origin, such as http://host:8080',
    }),
  ),
  ...Object.fromEntries(
    REMOTE_NAMES.flatMap((name) => [
      [remoteVariable(name, 'DIST_DIR'), Type.Optional(Type.String())],
      [remoteVariable(name, 'URL'), Type.Optional(Type.String())],
      [
        remoteVariable(name, 'INTERNAL_URL'),
        Type.Optional(
          Type.String({ pattern: '^https?://.+/$', errorMessage: 'must be a folder address ending in /' }),
        ),
      ],
    ]),
  ),
});

/** Where the built host and remotes are (`<part>/dist` in the repository unless told otherwise). */
export function loadSiteFolders(
  repo: string,
  env: NodeJS.ProcessEnv = process.env,
): Pick<GatewayConfig['site'], 'hostDir' | 'hostUrl' | 'remotes' | 'remoteUrls' | 'remoteInternalUrls'> {
  const read: Record<string, string | undefined> = parseEnv(siteEnv, env);
  const remotes: Record<string, string> = {};
  const remoteUrls: Record<string, string> = {};
  const remoteInternalUrls: Record<string, string> = {};
  for (const name of REMOTE_NAMES) {
    const internal = read[remoteVariable(name, 'INTERNAL_URL')];
    if (internal) remoteInternalUrls[name] = internal;
    remotes[name] = read[remoteVariable(name, 'DIST_DIR')] ?? join(repo, remoteDir(name), 'dist');
    const url = read[remoteVariable(name, 'URL')];
    if (url) remoteUrls[name] = url;
  }
  if (read.HOST_URL) {
    return { hostUrl: read.HOST_URL.replace(/\/$/, ''), remotes: {}, remoteUrls, remoteInternalUrls };
  }
  return {
    hostDir: read.HOST_DIST_DIR ?? join(repo, HOST.dir, 'dist'),
    remotes,
    remoteUrls,
    remoteInternalUrls,
  };
}

export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const kit = loadKitConfig('gateway', env, { userTokens: true, database: false });
  const read = parseEnv(gatewayEnv, env);
  const urls: Record<string, string | undefined> = parseEnv(serviceUrlsEnv, env);
  const services: Partial<Record<ServiceName, string>> = {};
  for (const name of SERVICES) {
    const explicit = urls[serviceUrlName(name)];
    if (explicit === 'none') continue;
    services[name] = explicit ?? `http://127.0.0.1:${DEFAULT_SERVICE_PORTS[name]}`;
  }
  const s3 = kit.s3;
  return {
    host: read.HOST ?? (kit.production ? '0.0.0.0' : '127.0.0.1'),
    port: read.PORT,
    logLevel: kit.logLevel,
    production: kit.production,
    jwtSecret: kit.jwtSecret,
    internalSecret: kit.internalSecret,
    services,
    natsUrl: kit.natsUrl,
    eventPrefix: kit.eventPrefix,
    accessCache: { maxEntries: 10_000, ttlMs: 30_000 },
    publicCache: {
      maxEntries: 5_000,
      maxBytes: 64 * 1024 * 1024,
      maxBodyBytes: 1024 * 1024,
      maxTtlMs: 5_000,
    },
    identityTimeoutMs: 3_000,
    filesUpstream: `${s3.useSSL ? 'https' : 'http'}://${s3.endPoint}:${s3.port}`,
    publicBucketPrefix: s3.bucketPrefix,
    authRateLimitPerMinute: read.AUTH_RATE_LIMIT_PER_MINUTE,
    lookupRateLimitPerMinute: read.LOOKUP_RATE_LIMIT_PER_MINUTE,
    trustedProxies: trustedProxiesOf(read.TRUSTED_PROXIES),
    jsonBodyLimit: 1024 * 1024,
    uploadBodyLimit: 12 * 1024 * 1024,
    site: {
      publicUrl: kit.publicUrl,
      remotes: {},
      remoteUrls: {},
      remoteInternalUrls: {},
      ...(read.RAZORPAY_CHECKOUT_URL ? { checkoutUrl: read.RAZORPAY_CHECKOUT_URL } : {}),
      ...(read.MEDIA_S3_UPLOAD_ENDPOINT ? { uploadEndpoint: read.MEDIA_S3_UPLOAD_ENDPOINT } : {}),
      ...(read.LIVEKIT_PUBLIC_URL ? { liveMediaUrl: read.LIVEKIT_PUBLIC_URL } : {}),
    },
  };
}
