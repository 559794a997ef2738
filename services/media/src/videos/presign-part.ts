import { createHash, createHmac } from 'node:crypto';

/**
 * A presigned S3 `PUT` (AWS Signature Version 4, query-string form) that also signs the request's
 * `Content-Length`, so storage refuses a body of any other length: a part URL can carry exactly
 * the bytes its part was given, no more. S3 client libraries leave the length unsigned on
 * purpose (a presigned PUT usually takes any size), so this is written out here, following AWS's
 * published algorithm.
 */
export interface SigningEndpoint {
  endPoint: string;
  port: number;
  useSSL: boolean;
  accessKey: string;
  secretKey: string;
}

const REGION = 'us-east-1';
const ALGORITHM = 'AWS4-HMAC-SHA256';

/** RFC 3986 encoding, as SigV4 wants it (`encodeURIComponent` leaves `!'()*`). */
const encode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

export function presignPutWithLength(opts: {
  endpoint: SigningEndpoint;
  bucket: string;
  key: string;
  query: Record<string, string>;
  contentLength: number;
  expiresSeconds: number;
  now?: Date;
}): string {
  const { endpoint } = opts;
  const defaultPort = endpoint.useSSL ? 443 : 80;
  const host = endpoint.port === defaultPort ? endpoint.endPoint : `${endpoint.endPoint}:${endpoint.port}`;
  const amzDate = (opts.now ?? new Date()).toISOString().replace(/[-:]|\.\d{3}/g, '');
  const day = amzDate.slice(0, 8);
  const scope = `${day}/${REGION}/s3/aws4_request`;
  const path = `/${encode(opts.bucket)}/${opts.key.split('/').map(encode).join('/')}`;
  const query: Record<string, string> = {
    ...opts.query,
    'X-Amz-Algorithm': ALGORITHM,
    'X-Amz-Credential': `${endpoint.accessKey}/${scope}`,
    'X-Amz-Date': amzDate,
    'X-Amz-Expires': String(opts.expiresSeconds),
    'X-Amz-SignedHeaders': 'content-length;host',
  };
  const canonicalQuery = Object.keys(query)
    .map((name) => [encode(name), encode(query[name] as string)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonicalRequest = [
    'PUT',
    path,
    canonicalQuery,
    `content-length:${opts.contentLength}\nhost:${host}\n`,
    'content-length;host',
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const stringToSign = [
    ALGORITHM,
    amzDate,
    scope,
    createHash('sha256').update(canonicalRequest).digest('hex'),
  ].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${endpoint.secretKey}`, day), REGION), 's3'), 'aws4_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  return `${endpoint.useSSL ? 'https' : 'http'}://${host}${path}?${canonicalQuery}&X-Amz-Signature=${signature}`;
}
