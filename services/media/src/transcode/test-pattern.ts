import { runTool, type ToolPaths } from './ffmpeg.ts';

/**
 * A short lecture-like video made locally: a moving test pattern with a tone. The demo seed and
 * the tests use it, so nothing needs the internet to have something to play.
 */
export async function makeTestPattern(
  tools: ToolPaths,
  file: string,
  { seconds = 6, width = 1280, height = 720, tone = 440, videoKbps = 0 } = {},
): Promise<void> {
  await runTool(tools.ffmpeg, [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${width}x${height}:rate=25:duration=${seconds}`,
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
