import { runTool, ToolError, type ToolPaths } from './ffmpeg.ts';

export interface ProbedVideo {
  durationSec: number;
  width: number;
  height: number;
  hasAudio: boolean;
}

/** Why an upload cannot be played: what the tutor reads on the item. */
export class NotAVideo extends Error {
  override name = 'NotAVideo';
}

interface ProbeOutput {
  streams?: Array<{ codec_type?: string; width?: number; height?: number; duration?: string }>;
  format?: { duration?: string };
}

/** The containers an upload may be: MP4/MOV (one demuxer) and Matroska/WebM (another). */
export const UPLOAD_FORMATS = ['mov', 'mp4', 'matroska', 'webm'];

/**
 * What ffprobe and ffmpeg may open for a file: local files only (no network, no other protocol a
 * crafted file could name) and only the given demuxers, so a playlist or a concat list that points
 * elsewhere is not a video.
 */
export const inputLimits = (formats: readonly string[] = UPLOAD_FORMATS) => [
  '-protocol_whitelist',
  'file,pipe',
  '-format_whitelist',
  formats.join(','),
];

/**
 * Reads what a file holds; a file that is not a video in one of `formats`, or has no picture, is
 * `NotAVideo`.
 */
export async function probeVideo(
  tools: ToolPaths,
  file: string,
  formats: readonly string[] = UPLOAD_FORMATS,
): Promise<ProbedVideo> {
  let output: ProbeOutput;
  try {
    const json = await runTool(
      tools.ffprobe,
      [
        '-v',
        'error',
        ...inputLimits(formats),
        '-print_format',
        'json',
        '-show_streams',
        '-show_format',
        file,
      ],
      { timeoutMs: 60_000 },
    );
    output = JSON.parse(json) as ProbeOutput;
  } catch (error) {
    if (error instanceof ToolError && /could not start/.test(error.message)) throw error;
    throw new NotAVideo('The file is not a video we can read');
  }
  const video = output.streams?.find((s) => s.codec_type === 'video' && s.width && s.height);
  if (!video) throw new NotAVideo('The file has no video stream');
  const durationSec = Number(output.format?.duration ?? video.duration);
  if (!Number.isFinite(durationSec) || durationSec <= 0) throw new NotAVideo('The video has no duration');
  return {
    durationSec,
    width: video.width!,
    height: video.height!,
    hasAudio: (output.streams ?? []).some((s) => s.codec_type === 'audio'),
  };
}
