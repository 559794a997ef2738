/** WebVTT captions a tutor adds to a hosted video: one file per language, kept beside its renditions. */

/** The largest captions file taken, in bytes. */
export const MAX_CAPTION_BYTES = 1024 * 1024;

/** A language as `en`, `hi` or `en-IN`. */
export const CAPTION_LANG = '^[a-z]{2,3}(-[A-Z]{2})?$';

/** Where a video's captions in one language live in the renditions bucket (outside any set). */
export const captionKey = (videoId: string, lang: string) => `${videoId}/captions/${lang}.vtt`;

const HEADER = /^WEBVTT(?:[ \t][^\r\n]*)?(?:\r?\n|$)/;
const CUE_TIMING = /(?:\d{2,}:)?\d{2}:\d{2}\.\d{3}[ \t]+-->[ \t]+(?:\d{2,}:)?\d{2}:\d{2}\.\d{3}/;

/** Why the text is not WebVTT captions a player can show, or null when it is. */
export function captionsProblem(text: string): string | null {
  const body = text.replace(/^\uFEFF/, '');
  if (!HEADER.test(body)) return 'Captions must be a WebVTT file: its first line is WEBVTT';
  if (!CUE_TIMING.test(body)) return 'The captions have no cue: a line like 00:00:01.000 --> 00:00:04.000';
  return null;
}
