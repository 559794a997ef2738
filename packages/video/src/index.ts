export { HlsPlayer, type HlsPlayerProps, REPORT_EVERY_MS } from './hls-player.tsx';
export {
  startVideoUpload,
  type UploadHandlers,
  type UploadProgress,
  VIDEO_TYPES,
  type VideoUpload,
} from './upload.ts';
export {
  type Playback,
  type Request,
  type VideoApi,
  type VideoStatus,
  type VideoView,
  videoApi,
  type WatchReport,
} from './video-api.ts';
export { type Span, WatchedSpans } from './watched-spans.ts';
