/**
 * Least privilege, derived from the registry: what each part (a service or the gateway) may do
 * on NATS and in S3 storage. The local servers (`npm start`), docker-compose.yml and infra/k8s
 * all apply these, so a service can publish only its own events, read only the streams of the
 * events it consumes, and touch only its own buckets.
 */
import { eventNames } from './event-names.ts';
import { GATEWAY, SERVICES } from './registry.ts';

/** A part of the platform that connects to NATS: every service, and the gateway. */
export interface AccessPart {
  readonly name: string;
  readonly publishes: readonly string[];
  readonly consumes: readonly string[];
  readonly buckets: readonly string[];
  readonly sharedLimits?: boolean;
}

export const ACCESS_PARTS: readonly AccessPart[] = /*#__PURE__*/ (SERVICES as readonly AccessPart[]).concat({
  ...GATEWAY,
  buckets: [],
});

function accessPart(name: string): AccessPart {
  const part = ACCESS_PARTS.find((p) => p.name === name);
  if (!part) throw new Error(`no part named "${name}" in the platform registry`);
  return part;
}

/** The NATS user of a part: its name. */
export const natsUser = (part: string) => part;

/**
 * Where a part's replies arrive (its connections' `inboxPrefix`): one subject space of its own,
 * so no other part can subscribe to the answers it is sent.
 */
export const natsInboxPrefix = (user: string) => `_INBOX_${user.replace(/[^A-Za-z0-9_-]/g, '_')}`;

/** The key-value bucket a part keeps its shared rate-limit counts in. */
export const rateLimitBucket = (part: string, prefix = '') =>
  `${prefix}${part}-rate-limits`.replace(/[^A-Za-z0-9_-]/g, '_');

export interface NatsPermissions {
  publish: string[];
  subscribe: string[];
}

const ownerOf = (type: string) => type.slice(0, type.indexOf('.'));

/**
 * What a part may publish and subscribe to. Publish: its own event subjects; its own stream
 * (created at its start); on each stream it consumes from, what a consumer needs (stream info,
 * creating durable and ordered consumers, fetching and acknowledging); its own key-value bucket.
 * Subscribe: its own reply inbox, nothing else. Reading is granted by stream: a part that
 * consumes one of an owner's events may read that owner's stream (a consumer's filter is not
 * something a server permission can hold to), never the streams of owners it consumes nothing from.
 * `prefix` is the deployment's event prefix (empty in production).
 */
export function natsPermissions(name: string, prefix = ''): NatsPermissions {
  const part = accessPart(name);
  const names = eventNames(prefix);
  const api = '$JS.API';
  const publish = new Set<string>([`${api}.INFO`]);
  for (const type of part.publishes) publish.add(names.subject(type));
  if (part.publishes.length > 0) {
    const own = names.stream(part.name);
    publish.add(`${api}.STREAM.CREATE.${own}`).add(`${api}.STREAM.INFO.${own}`);
  }
  for (const type of part.consumes) {
    const stream = names.stream(ownerOf(type));
    publish
      .add(`${api}.STREAM.INFO.${stream}`)
      .add(`${api}.CONSUMER.CREATE.${stream}`)
      .add(`${api}.CONSUMER.CREATE.${stream}.>`)
      .add(`${api}.CONSUMER.INFO.${stream}.*`)
      .add(`${api}.CONSUMER.DELETE.${stream}.*`)
      .add(`${api}.CONSUMER.MSG.NEXT.${stream}.*`)
      .add(`$JS.ACK.${stream}.>`);
  }
  if (part.sharedLimits) {
    const bucket = rateLimitBucket(part.name, prefix);
    const stream = `KV_${bucket}`;
    publish
      .add(`${api}.STREAM.CREATE.${stream}`)
      .add(`${api}.STREAM.UPDATE.${stream}`)
      .add(`${api}.STREAM.INFO.${stream}`)
      .add(`${api}.STREAM.MSG.GET.${stream}`)
      .add(`${api}.DIRECT.GET.${stream}`)
      .add(`${api}.DIRECT.GET.${stream}.>`)
      .add(`$KV.${bucket}.>`);
  }
  return { publish: [...publish], subscribe: [`${natsInboxPrefix(natsUser(part.name))}.>`] };
}

/** What bucket names begin with unless a deployment says otherwise (`S3_BUCKET_PREFIX`). */
export const DEFAULT_BUCKET_PREFIX = 'liveedu-';

/** The name of a part's storage user and of its policy. */
export const storageUser = (service: string) => `liveedu-${service}`;

/** The services that keep files, each with the buckets its storage user may use. */
export const STORAGE_PARTS = /*#__PURE__*/ SERVICES.filter((s) => s.buckets.length > 0);

/**
 * An S3 (IAM) policy allowing a service everything on its own buckets (creating them, their
 * public-read policy and lifecycle, objects, multipart uploads) and nothing anywhere else.
 */
export function storagePolicy(service: string, bucketPrefix: string): object {
  const buckets = accessPart(service).buckets.map((bucket) => `${bucketPrefix}${bucket}`);
  return {
    Version: '2012-10-17',
    Statement: [
      {
        Effect: 'Allow',
        Action: ['s3:*'],
        Resource: buckets.flatMap((bucket) => [`arn:aws:s3:::${bucket}`, `arn:aws:s3:::${bucket}/*`]),
      },
    ],
  };
}

/** Each part's users on the servers, with the passwords given (what the servers are told to create). */
export interface AccessPlan {
  natsUsers: { user: string; password: string; permissions: NatsPermissions }[];
  storageUsers: { accessKey: string; secretKey: string; policy: string; document: object }[];
}

export function accessPlan(opts: {
  /** The NATS password of a part (a service or the gateway). */
  natsPassword(part: string): string;
  /** The storage secret of a service that keeps files. */
  storageSecret(service: string): string;
  eventPrefix?: string;
  bucketPrefix?: string;
}): AccessPlan {
  return {
    natsUsers: ACCESS_PARTS.map((part) => ({
      user: natsUser(part.name),
      password: opts.natsPassword(part.name),
      permissions: natsPermissions(part.name, opts.eventPrefix ?? ''),
    })),
    storageUsers: STORAGE_PARTS.map((service) => ({
      accessKey: storageUser(service.name),
      secretKey: opts.storageSecret(service.name),
      policy: storageUser(service.name),
      document: storagePolicy(service.name, opts.bucketPrefix ?? DEFAULT_BUCKET_PREFIX),
    })),
  };
}
