export { ABANDONED_AFTER_MS, removeAbandonedUploads } from './abandoned-uploads.ts';
export { mediaService } from './app.ts';
export { checkPlaybackToken, playbackToken } from './playback-token.ts';
export { probeVideo } from './transcode/probe.ts';
export { makeTestPattern } from './transcode/test-pattern.ts';
export { toolPaths } from './transcode/tools.ts';
