import { DEFAULT_SERVICE_PORTS, loadKitConfig } from '@liveedu/service-kit';
import { SERVICES, type ServiceName } from './route-table.ts';

export interface GatewayConfig {
  host: string;
  port: number;
  logLevel: string;
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
  jsonBodyLimit: number;
  uploadBodyLimit: number;
  /** Built front end: the host shell and each remote, when served by the gateway. */
  site: {
    hostDir?: string;
    remotes: Record<string, string>;
    remoteUrls: Record<string, string>;
    checkoutUrl?: string;
  };
}

export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const kit = loadKitConfig('gateway', env);
  const services: Partial<Record<ServiceName, string>> = {};
  for (const name of SERVICES) {
    const explicit = env[`${name.toUpperCase()}_URL`];
    if (explicit === 'none') continue;
    services[name] = explicit || `http://127.0.0.1:${DEFAULT_SERVICE_PORTS[name]}`;
  }
  const port = Number(env.PORT || 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const s3 = kit.s3;
  return {
    host: env.HOST || (kit.production ? '0.0.0.0' : '127.0.0.1'),
    port,
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
    authRateLimitPerMinute: Number(env.AUTH_RATE_LIMIT_PER_MINUTE || 30),
    jsonBodyLimit: 1024 * 1024,
    uploadBodyLimit: 12 * 1024 * 1024,
    site: {
      remotes: {},
      remoteUrls: {},
      ...(env.RAZORPAY_CHECKOUT_URL ? { checkoutUrl: env.RAZORPAY_CHECKOUT_URL } : {}),
    },
  };
}
