import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renditionHeights, transcodeToHls } from './hls.ts';
import { NotAVideo, probeVideo } from './probe.ts';
import { makeTestPattern } from './test-pattern.ts';
import { toolPaths } from './tools.ts';

const tools = toolPaths();
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'liveedu-hls-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('transcoding to HLS', () => {
  it('never encodes above the source height', () => {
    expect(renditionHeights(1080)).toEqual([360, 720]);
    expect(renditionHeights(480)).toEqual([360, 480]);
    expect(renditionHeights(241)).toEqual([240]);
  });

  it('writes two playable renditions, a master playlist, a poster and the duration', async () => {
    const source = join(dir, 'lecture.mp4');
    await makeTestPattern(tools, source, { seconds: 5, width: 1280, height: 720 });
    const probed = await probeVideo(tools, source);
    expect(probed).toMatchObject({ width: 1280, height: 720, hasAudio: true });
    const out = join(dir, 'hls');
    const hls = await transcodeToHls(tools, source, probed, out);
    expect(hls.renditions.map((r) => r.name)).toEqual(['360p', '720p']);
    const master = await readFile(join(out, 'master.m3u8'), 'utf8');
    expect(master).toContain('RESOLUTION=640x360');
    expect(master).toContain('RESOLUTION=1280x720');
    for (const rendition of hls.renditions) {
      const segments = (await readdir(join(out, rendition.name))).filter((f) => f.endsWith('.ts'));
      expect(segments.length).toBeGreaterThanOrEqual(2);
      const segment = await probeVideo(tools, join(out, rendition.name, segments[0]!));
      expect(segment.height).toBe(rendition.height);
      const whole = await probeVideo(tools, join(out, rendition.name, 'index.m3u8'));
      expect(Math.abs(whole.durationSec - probed.durationSec)).toBeLessThan(0.5);
    }
    const poster = await readFile(join(out, hls.poster));
    expect(poster.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  }, 120_000);

  it('refuses a text file named like a video, with a message', async () => {
    const fake = join(dir, 'notes.mp4');
    await writeFile(fake, 'These are my lecture notes, not a video.\n'.repeat(50));
    await expect(probeVideo(tools, fake)).rejects.toBeInstanceOf(NotAVideo);
    await expect(probeVideo(tools, fake)).rejects.toThrow(/not a video/);
  });
});
