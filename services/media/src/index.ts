export { mediaService } from './app.ts';
export { checkPlaybackToken, playbackToken } from './stream/playback-token.ts';
export { probeVideo } from './transcode/probe.ts';
export type { TranscodeJob } from './transcode/store.ts';
export { makeTestPattern } from './transcode/test-pattern.ts';
export { toolPaths } from './transcode/tools.ts';
export { ABANDONED_AFTER_MS, removeAbandonedUploads } from './videos/abandoned-uploads.ts';
export type { UsageDoc, VideoDoc } from './videos/store.ts';
