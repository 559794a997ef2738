import type { ApiClient } from '@liveedu/api-client';

/** The calls an upload makes: the api-client's, so a test or another app may give its own. */
export type VideoCalls = Pick<
  ApiClient,
  'createVideo' | 'videoPartUrl' | 'videoParts' | 'completeVideo' | 'deleteVideo'
>;
