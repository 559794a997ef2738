export { clockOf } from './clock.ts';
export {
  HlsPlayer,
  type HlsPlayerProps,
  REPORT_EVERY_MS,
  type VideoControl,
  type VideoMarker,
} from './hls-player.tsx';
export { HostedVideo } from './hosted-video.tsx';
export { CAPTION_LANGUAGES, type Cue, cueAt, languageName, parseCues } from './transcript.ts';
export {
  startVideoUpload,
  type UploadHandlers,
  type UploadProgress,
  VIDEO_TYPES,
  type VideoUpload,
} from './upload.ts';
export type { VideoCalls } from './video-api.ts';
export { type VideoSource, videoSource } from './video-source.ts';
export { VideoView } from './video-view.tsx';
export { type Span, WatchedSpans } from './watched-spans.ts';
