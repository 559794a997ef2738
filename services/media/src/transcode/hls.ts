/**
 * A probed video → HLS: one rendition per height (360p and 720p, or the source's height where it
 * is lower), each in 4-second segments, a master playlist naming them, and a poster frame.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runTool, type ToolPaths } from './ffmpeg.ts';
import { inputLimits, type ProbedVideo } from './probe.ts';

export const RENDITION_HEIGHTS = [360, 720] as const;
const SEGMENT_SECONDS = 4;
const VIDEO_KBPS: Record<number, number> = { 360: 800, 720: 2_800 };
const AUDIO_KBPS = 128;

export interface Rendition {
  name: string;
  width: number;
  height: number;
  bandwidth: number;
  playlist: string;
}

export interface HlsOutput {
  master: string;
  poster: string;
  renditions: Rendition[];
}

/** The heights to encode: never above the source, each once. */
export function renditionHeights(sourceHeight: number): number[] {
  const even = (h: number) => h - (h % 2);
  return [...new Set(RENDITION_HEIGHTS.map((h) => even(Math.min(h, sourceHeight))))].filter((h) => h > 0);
}

const evenWidth = (source: ProbedVideo, height: number) => {
  const width = Math.round((source.width * height) / source.height);
  return width - (width % 2);
};

export async function transcodeToHls(
  tools: ToolPaths,
  input: string,
  source: ProbedVideo,
  outDir: string,
): Promise<HlsOutput> {
  const renditions: Rendition[] = [];
  for (const height of renditionHeights(source.height)) {
    const name = `${height}p`;
    const dir = join(outDir, name);
    await mkdir(dir, { recursive: true });
    const width = evenWidth(source, height);
    const videoKbps = VIDEO_KBPS[height] ?? Math.round((2_800 * height) / 720);
    await runTool(tools.ffmpeg, [
      '-hide_banner',
      '-nostdin',
      '-y',
      ...inputLimits(),
      '-i',
      input,
      '-map',
      '0:v:0',
      ...(source.hasAudio ? ['-map', '0:a:0', '-c:a', 'aac', '-b:a', `${AUDIO_KBPS}k`, '-ac', '2'] : []),
      '-vf',
      `scale=${width}:${height}`,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-profile:v',
      'main',
      '-pix_fmt',
      'yuv420p',
      '-b:v',
      `${videoKbps}k`,
      '-maxrate',
      `${Math.round(videoKbps * 1.1)}k`,
      '-bufsize',
      `${videoKbps * 2}k`,
      // A key frame at every segment boundary, so each segment starts playable.
      '-force_key_frames',
      `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
      '-sc_threshold',
      '0',
      '-f',
      'hls',
      '-hls_time',
      String(SEGMENT_SECONDS),
      '-hls_playlist_type',
      'vod',
      '-hls_segment_filename',
      join(dir, 'seg_%04d.ts'),
      join(dir, 'index.m3u8'),
    ]);
    renditions.push({
      name,
      width,
      height,
      bandwidth: (videoKbps + (source.hasAudio ? AUDIO_KBPS : 0)) * 1_000,
      playlist: `${name}/index.m3u8`,
    });
  }
  const master = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    ...renditions.flatMap((r) => [
      `#EXT-X-STREAM-INF:BANDWIDTH=${r.bandwidth},RESOLUTION=${r.width}x${r.height}`,
      r.playlist,
    ]),
    '',
  ].join('\n');
  await writeFile(join(outDir, 'master.m3u8'), master);
  await runTool(tools.ffmpeg, [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-ss',
    String(Math.min(1, source.durationSec / 2)),
    ...inputLimits(),
    '-i',
    input,
    '-frames:v',
    '1',
    '-vf',
    `scale=${evenWidth(source, Math.min(360, source.height - (source.height % 2)))}:-2`,
    join(outDir, 'poster.jpg'),
  ]);
  return { master: 'master.m3u8', poster: 'poster.jpg', renditions };
}
