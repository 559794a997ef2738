import { existsSync } from 'node:fs';
import type { ToolPaths } from './ffmpeg.ts';

/** ffmpeg and ffprobe from `FFMPEG_PATH`/`FFPROBE_PATH`, else Debian's, else whatever `PATH` has. */
export function toolPaths(env: NodeJS.ProcessEnv = process.env): ToolPaths {
  const find = (name: string, variable: string) =>
    env[variable] || (existsSync(`/usr/bin/${name}`) ? `/usr/bin/${name}` : name);
  return { ffmpeg: find('ffmpeg', 'FFMPEG_PATH'), ffprobe: find('ffprobe', 'FFPROBE_PATH') };
}
