import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeTestPattern, toolPaths } from '@liveedu/media';

/**
 * A lecture made with ffmpeg. By default a short one large enough (about 9 MB) for the upload to
 * show its progress; `shape` asks for another length or size.
 */
export async function lectureVideo(
  shape: { seconds?: number; width?: number; height?: number; videoKbps?: number } = {},
): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'liveedu-e2e-video-'));
  try {
    const file = join(dir, 'lecture.mp4');
    await makeTestPattern(toolPaths(), file, {
      seconds: 6,
      width: 1280,
      height: 720,
      videoKbps: 12_000,
      ...shape,
    });
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
