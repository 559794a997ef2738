import type { ServiceApp } from '@liveedu/service-kit';
import { loadMediaConfig, type MediaConfig } from './config.ts';
import { endpointOf, type MultipartUploads, multipartUploads } from './multipart.ts';
import { removeRenditions, renditionsPrefix } from './renditions-store.ts';
import { startTranscoder, type Transcoder } from './transcode/worker.ts';
import { catalogViewers, type Viewers } from './viewers.ts';

/** What the media routes share: configuration, the upload signer, the transcoder and the viewers' check. */
export interface Media {
  config: MediaConfig;
  uploads: MultipartUploads;
  transcoder: Transcoder;
  viewers: Viewers;
  /** Deletes every rendition set of a video. */
  removeRenditions(videoId: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    media: Media;
  }
}

export function installMedia(app: ServiceApp): void {
  const config = loadMediaConfig(app.config);
  const { s3 } = app.config;
  const server = {
    endPoint: s3.endPoint,
    port: s3.port,
    useSSL: s3.useSSL,
    accessKey: s3.accessKey,
    secretKey: s3.secretKey,
  };
  const uploads = multipartUploads(
    server,
    config.uploadEndpoint ? { ...server, ...endpointOf(config.uploadEndpoint) } : server,
  );
  const transcoder = startTranscoder({
    db: app.db,
    storage: app.storage,
    outbox: app.outbox,
    tools: config.tools,
    concurrency: config.transcodeConcurrency,
    log: app.log,
  });
  app.addHook('onClose', () => transcoder.stop());
  app.decorate('media', {
    config,
    uploads,
    transcoder,
    viewers: catalogViewers(config.catalogUrl, app.config.internalSecret),
    removeRenditions: (videoId: string) => removeRenditions(app.storage, renditionsPrefix(videoId)),
  });
}
