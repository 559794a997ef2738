import { existsSync } from 'node:fs';
import { runTool, type ToolPaths } from './ffmpeg.ts';

const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';

/** A title drawn on the pattern, when a font is there to draw it with. */
function titleFilter(title: string | undefined): string {
  if (!title || !existsSync(FONT)) return '';
  const text = title.replace(/[\\':%]/g, ' ');
  return `,drawtext=fontfile=${FONT}:text='${text}':fontsize=h/12:fontcolor=white:box=1:boxcolor=black@0.6:boxborderw=16:x=(w-text_w)/2:y=h-h/5`;
}

/**
 * A short lecture-like video made locally: a moving test pattern with a tone. The demo seed and
 * the tests use it, so nothing needs the internet to have something to play.
 */
export async function makeTestPattern(
  tools: ToolPaths,
  file: string,
  {
    seconds = 6,
    width = 1280,
    height = 720,
    tone = 440,
    videoKbps = 0,
    title,
  }: {
    seconds?: number;
    width?: number;
    height?: number;
    tone?: number;
    videoKbps?: number;
    title?: string;
  } = {},
): Promise<void> {
  await runTool(tools.ffmpeg, [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${width}x${height}:rate=25:duration=${seconds}${titleFilter(title)}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${tone}:sample_rate=44100:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    // A constant bit rate makes a file of a known size (an upload of several parts).
    ...(videoKbps > 0
      ? [
          '-b:v',
          `${videoKbps}k`,
          '-minrate',
          `${videoKbps}k`,
          '-maxrate',
          `${videoKbps}k`,
          '-bufsize',
          `${videoKbps}k`,
          '-x264-params',
          'nal-hrd=cbr:force-cfr=1',
        ]
      : []),
    '-c:a',
    'aac',
    '-shortest',
    '-movflags',
    '+faststart',
    file,
  ]);
}
