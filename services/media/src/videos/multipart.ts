/**
 * S3 multipart uploads driven by the browser: the service starts an upload, signs one URL per
 * part, lists what S3 already holds (so an interrupted upload resumes) and completes or aborts
 * it. The bytes go from the browser to S3 and never through the gateway or this service.
 */
import { loadOnce } from '@liveedu/service-kit';
import type { ClientOptions } from 'minio';
import { presignPutWithLength } from './presign-part.ts';

export interface UploadedPart {
  PartNumber: number;
  ETag: string;
  Size: number;
}

/** S3's own limits on multipart uploads are `MAX_PARTS` and `MIN_PART_BYTES` (domain.ts). */
export const PART_URL_SECONDS = 15 * 60;

/**
 * The S3 client, loaded with its library on the first upload (a service that takes none does not
 * hold it). `listParts` is part of S3's API; the client keeps it for its own resumable uploads.
 */
async function multipartClient(options: ClientOptions) {
  const { Client } = await import('minio');
  class MultipartClient extends Client {
    partsOf(bucket: string, key: string, uploadId: string) {
      return this.listParts(bucket, key, uploadId);
    }
  }
  return new MultipartClient(options);
}

export interface MultipartUploads {
  start(bucket: string, key: string, contentType: string): Promise<string>;
  /** A URL to PUT exactly `contentLength` bytes of the part to (storage refuses any other length). */
  partUrl(
    bucket: string,
    key: string,
    uploadId: string,
    partNumber: number,
    contentLength: number,
  ): Promise<string>;
  parts(bucket: string, key: string, uploadId: string): Promise<UploadedPart[]>;
  complete(
    bucket: string,
    key: string,
    uploadId: string,
    parts: Array<{ PartNumber: number; ETag: string }>,
  ): Promise<void>;
  abort(bucket: string, key: string, uploadId: string): Promise<void>;
}

export interface S3Endpoint {
  endPoint: string;
  port: number;
  useSSL: boolean;
  accessKey: string;
  secretKey: string;
}

export function endpointOf(url: string): Pick<S3Endpoint, 'endPoint' | 'port' | 'useSSL'> {
  const parsed = new URL(url);
  const useSSL = parsed.protocol === 'https:';
  return { endPoint: parsed.hostname, port: parsed.port ? Number(parsed.port) : useSSL ? 443 : 80, useSSL };
}

/**
 * `signing` is the endpoint browsers reach (a presigned URL is only valid for the host it names);
 * `server` is the one this process reaches. An upload starts once `ready` resolves (the service's
 * storage has made its buckets).
 */
export function multipartUploads(
  server: S3Endpoint,
  signing: S3Endpoint,
  ready: () => Promise<unknown>,
): MultipartUploads {
  const s3 = loadOnce(() => multipartClient({ ...server, region: 'us-east-1' }));
  return {
    async start(bucket, key, contentType) {
      await ready();
      return (await s3()).initiateNewMultipartUpload(bucket, key, { 'Content-Type': contentType });
    },
    partUrl: async (bucket, key, uploadId, partNumber, contentLength) =>
      presignPutWithLength({
        endpoint: signing,
        bucket,
        key,
        query: { partNumber: String(partNumber), uploadId },
        contentLength,
        expiresSeconds: PART_URL_SECONDS,
      }),
    async parts(bucket, key, uploadId) {
      const parts = await (await s3()).partsOf(bucket, key, uploadId);
      return parts
        .map((p) => ({ PartNumber: p.part, ETag: p.etag.replace(/^"|"$/g, ''), Size: p.size }))
        .sort((a, b) => a.PartNumber - b.PartNumber);
    },
    async complete(bucket, key, uploadId, parts) {
      await (await s3()).completeMultipartUpload(
        bucket,
        key,
        uploadId,
        [...parts]
          .sort((a, b) => a.PartNumber - b.PartNumber)
          .map((p) => ({ part: p.PartNumber, etag: p.ETag })),
      );
    },
    abort: async (bucket, key, uploadId) => (await s3()).abortMultipartUpload(bucket, key, uploadId),
  };
}

/**
 * The uploads of the service's S3 server; their part URLs name `uploadEndpoint` when browsers
 * reach storage there rather than at the server's own address.
 */
export function multipartUploadsOf(
  s3: S3Endpoint,
  uploadEndpoint: string | undefined,
  ready: () => Promise<unknown>,
): MultipartUploads {
  const server = {
    endPoint: s3.endPoint,
    port: s3.port,
    useSSL: s3.useSSL,
    accessKey: s3.accessKey,
    secretKey: s3.secretKey,
  };
  return multipartUploads(
    server,
    uploadEndpoint ? { ...server, ...endpointOf(uploadEndpoint) } : server,
    ready,
  );
}
