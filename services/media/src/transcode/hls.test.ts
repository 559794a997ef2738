import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTool } from './ffmpeg.ts';
import { renditionHeights, transcodeToHls } from './hls.ts';
import { NotAVideo, probeVideo } from './probe.ts';
import { makeTestPattern } from './test-pattern.ts';
import { toolPaths } from './tools.ts';

const tools = toolPaths();
let dir: string;

/** A short real video, made once. */
let pattern: string | undefined;
async function testPattern(): Promise<string> {
  if (!pattern) {
    pattern = join(dir, 'pattern.mp4');
    await makeTestPattern(tools, pattern, { seconds: 2, width: 320, height: 240 });
  }
  return pattern;
}

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
      // Our own output is MPEG-TS segments in an HLS playlist, which an upload may never be.
      const segment = await probeVideo(tools, join(out, rendition.name, segments[0]!), ['mpegts']);
      expect(segment.height).toBe(rendition.height);
      const whole = await probeVideo(tools, join(out, rendition.name, 'index.m3u8'), ['hls', 'mpegts']);
      expect(Math.abs(whole.durationSec - probed.durationSec)).toBeLessThan(0.5);
    }
    const poster = await readFile(join(out, hls.poster));
    expect(poster.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  }, 120_000);

  it('opens no address an uploaded playlist names, and takes no playlist or concat list as a video', async () => {
    const asked: string[] = [];
    const server = createServer((request, response) => {
      asked.push(request.url ?? '');
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const playlist = join(dir, 'trap.mp4');
      await writeFile(
        playlist,
        [
          '#EXTM3U',
          '#EXT-X-TARGETDURATION:2',
          '#EXTINF:2.0,',
          `http://127.0.0.1:${port}/secret.ts`,
          '#EXT-X-ENDLIST',
          '',
        ].join('\n'),
      );
      const concat = join(dir, 'list.mov');
      await writeFile(concat, `ffconcat version 1.0\nfile http://127.0.0.1:${port}/other.mp4\n`);
      // A playlist of a file already on this machine: reading it would copy that file into a
      // lecture anyone enrolled can watch.
      const local = join(dir, 'local.ts');
      await runTool(tools.ffmpeg, [
        '-v',
        'error',
        '-y',
        '-i',
        await testPattern(),
        '-c',
        'copy',
        '-f',
        'mpegts',
        local,
      ]);
      const localPlaylist = join(dir, 'local-list.mp4');
      await writeFile(
        localPlaylist,
        ['#EXTM3U', '#EXT-X-TARGETDURATION:2', '#EXTINF:2.0,', local, '#EXT-X-ENDLIST', ''].join('\n'),
      );
      const localConcat = join(dir, 'local-list.mov');
      await writeFile(localConcat, `ffconcat version 1.0\nfile '${local}'\n`);
      for (const file of [playlist, concat, localPlaylist, localConcat]) {
        await expect(probeVideo(tools, file), file).rejects.toBeInstanceOf(NotAVideo);
      }
      // Transcoding reads the upload the same way, should a probe ever have let it through.
      const source = await probeVideo(tools, await testPattern());
      await expect(transcodeToHls(tools, playlist, source, join(dir, 'trap-out'))).rejects.toThrow();
      expect(asked).toEqual([]);
    } finally {
      server.close();
    }
  });

  it('takes MP4, MOV, WebM and Matroska uploads', async () => {
    for (const name of ['clip.mp4', 'clip.mov', 'clip.webm', 'clip.mkv']) {
      const file = join(dir, name);
      await runTool(tools.ffmpeg, [
        '-v',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        'testsrc=size=320x240:rate=10:duration=1',
        ...(name.endsWith('.webm') ? ['-c:v', 'libvpx-vp9'] : []),
        file,
      ]);
      expect((await probeVideo(tools, file)).width, name).toBe(320);
    }
  }, 60_000);

  it('refuses a text file named like a video, with a message', async () => {
    const fake = join(dir, 'notes.mp4');
    await writeFile(fake, 'These are my lecture notes, not a video.\n'.repeat(50));
    await expect(probeVideo(tools, fake)).rejects.toBeInstanceOf(NotAVideo);
    await expect(probeVideo(tools, fake)).rejects.toThrow(/not a video/);
  });
});
