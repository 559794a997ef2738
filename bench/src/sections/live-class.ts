/**
 * A live class on this machine: LiveKit's media server (its own, started here), one host who
 * publishes a 720p VP8 video (~1.2 Mbit/s) and an Opus sound in a loop, and `mode.liveViewers`
 * viewers who join together (`infra/live-load`, LiveKit's Go SDK). It takes the viewers' join
 * times, the host's upstream and the viewers' received bitrates, and the media server's CPU and
 * memory read from /proc while the class runs.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installFfmpeg, installLiveLoad, type LivekitServer, startLivekit } from '@liveedu/local-servers';
import type { BenchContext } from '../context.ts';
import { percentile } from '../load.ts';
import { cpuTicks, rssMiB, TICKS_PER_SECOND } from '../memory.ts';
import { type Cell, notTaken, type Row, type Section } from '../report.ts';

/** What the live-class section needs of a bench run (it starts its own media server). */
export type LiveClassContext = Pick<BenchContext, 'mode' | 'log' | 'timed'>;

const MEDIA_SECONDS = 20;
const VIDEO_KBPS = 1200;
const SAMPLE_EVERY_MS = 250;
/** The program's own limit on joining is 60 s; past the class and that, it has hung. */
const RUN_SLACK_MS = 120_000;

/** What `live-load` prints on standard output. */
export interface LiveLoadReport {
  joinMs: number[];
  viewerKbps: number[];
  hostUpstreamKbps: number;
  hostUpstreamFrom: 'transport' | 'media';
  receivedAll: boolean;
  viewers: number;
  joined: number;
  receiving: number;
  windowStartMs: number;
  windowEndMs: number;
  errors: string[];
}

export interface ServerSample {
  at: number;
  ticks: number | null;
  rss: number | null;
}

export const LIVE_CLASS_ROWS = [
  'viewers receiving video',
  'join time p50',
  'join time p95',
  'join time max',
  "host's upstream",
  'received per viewer (mean)',
  'media server CPU',
  'media server memory before the class',
  'media server memory peak',
  'media server memory at the end',
] as const;

type RowName = (typeof LIVE_CLASS_ROWS)[number];

export async function liveClass(ctx: LiveClassContext): Promise<Section> {
  const { mode, log } = ctx;
  log(`» live class: one host and ${mode.liveViewers} viewers on LiveKit for ${mode.liveSeconds} s …`);
  const section = (cells: Record<RowName, Cell>): Section => ({
    id: 'live-class',
    title: 'Live class',
    about: `LiveKit's media server on this machine with one host publishing a 1280×720 25 fps VP8 video (~${VIDEO_KBPS / 1000} Mbit/s) and an Opus sound, and ${mode.liveViewers} viewers (LiveKit's Go SDK, one process on the same machine) joining together; join time from a viewer's connect call until the host's first video packet reached it; bitrates and the server's CPU (% of one core, from /proc) over ${mode.liveSeconds} s once they joined`,
    columns: ['figure'],
    rows: LIVE_CLASS_ROWS.map((name): Row => ({ name, cells: { figure: cells[name] } })),
  });
  const work = await mkdtemp(join(tmpdir(), 'liveedu-bench-live-'));
  let server: LivekitServer | null = null;
  try {
    const [program, media] = await ctx.timed('live-class preparation s', async () => {
      const built = await installLiveLoad({ log });
      return [built, await makeMedia(work)] as const;
    });
    server = await startLivekit({ dataDir: join(work, 'livekit'), log });
    const pid = server.pid;
    const before = rssMiB(pid);
    const samples: ServerSample[] = [];
    const sample = () => samples.push({ at: Date.now(), ticks: cpuTicks(pid), rss: rssMiB(pid) });
    sample();
    const timer = setInterval(sample, SAMPLE_EVERY_MS);
    let report: LiveLoadReport;
    try {
      report = await runLiveLoad(
        program,
        {
          url: server.wsUrl,
          apiKey: server.apiKey,
          apiSecret: server.apiSecret,
          room: 'bench-live-class',
          viewers: mode.liveViewers,
          seconds: mode.liveSeconds,
          ...media,
        },
        mode.liveSeconds * 1000 + RUN_SLACK_MS,
        log,
      );
    } finally {
      clearInterval(timer);
      sample();
    }
    return section(cellsOf(report, samples, before));
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    log(`  live class not measured: ${reason}`);
    return section(
      Object.fromEntries(LIVE_CLASS_ROWS.map((name) => [name, notTaken(reason)])) as Record<RowName, Cell>,
    );
  } finally {
    await server?.stop().catch(() => {});
    await rm(work, { recursive: true, force: true });
  }
}

/** The figures of one class: the program's report and the server's samples taken meanwhile. */
export function cellsOf(
  report: LiveLoadReport,
  samples: ServerSample[],
  before: number | null,
): Record<RowName, Cell> {
  const joins = report.joinMs;
  const partly =
    report.joined < report.viewers ? ` (of the ${report.joined} of ${report.viewers} who joined)` : '';
  const join = (p: number): Cell =>
    joins.length > 0
      ? { median: percentile(joins, p), unit: 'ms', ...(partly ? { note: partly } : {}) }
      : notTaken(`no viewer received the host's video${errorsOf(report)}`);
  const inWindow = samples.filter((s) => s.at >= report.windowStartMs && s.at <= report.windowEndMs);
  const first = inWindow.find((s) => s.ticks !== null);
  const last = inWindow.findLast((s) => s.ticks !== null);
  const cpu: Cell =
    first && last && last.at > first.at
      ? {
          median: ((last.ticks! - first.ticks!) / TICKS_PER_SECOND / ((last.at - first.at) / 1000)) * 100,
          unit: '% of a core',
        }
      : notTaken('the media server could not be read during the class');
  const rss = samples.map((s) => s.rss).filter((v): v is number => v !== null);
  const atEnd = inWindow.findLast((s) => s.rss !== null)?.rss;
  const mib = (value: number | null | undefined, what: string): Cell =>
    value == null
      ? notTaken(`the media server's memory could not be read ${what}`)
      : { median: value, unit: 'MiB' };
  const mean = report.viewerKbps.reduce((sum, v) => sum + v, 0) / Math.max(1, report.viewerKbps.length);
  return {
    'viewers receiving video': {
      median: report.receiving,
      unit: `of ${report.viewers}`,
      ...(report.receivedAll ? {} : { note: `(${report.joined} joined${errorsOf(report)})` }),
    },
    'join time p50': join(50),
    'join time p95': join(95),
    'join time max': join(100),
    "host's upstream": {
      median: report.hostUpstreamKbps,
      unit: 'kbit/s',
      ...(report.hostUpstreamFrom === 'media' ? { note: '(frames only, without packet headers)' } : {}),
    },
    'received per viewer (mean)': { median: mean, unit: 'kbit/s' },
    'media server CPU': cpu,
    'media server memory before the class': mib(before, 'before the class'),
    'media server memory peak': mib(rss.length > 0 ? Math.max(...rss) : null, 'during the class'),
    'media server memory at the end': mib(atEnd, 'at the end of the class'),
  };
}

function errorsOf(report: LiveLoadReport): string {
  return report.errors.length > 0 ? `; ${report.errors.slice(0, 3).join('; ')}` : '';
}

/** The class's media: a 720p test pattern in VP8 (IVF) and a tone in Opus (OGG), each 20 s, looped by the host. */
async function makeMedia(dir: string): Promise<{ video: string; audio: string }> {
  const { ffmpeg } = await installFfmpeg();
  const video = join(dir, 'camera.ivf');
  const audio = join(dir, 'microphone.ogg');
  const rate = `${VIDEO_KBPS}k`;
  await runFfmpeg(ffmpeg, [
    ...['-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=25', '-t', String(MEDIA_SECONDS)],
    ...['-c:v', 'libvpx', '-b:v', rate, '-minrate', rate, '-maxrate', rate, '-g', '50'],
    ...['-deadline', 'realtime', '-cpu-used', '8', '-auto-alt-ref', '0', '-f', 'ivf', video],
  ]);
  await runFfmpeg(ffmpeg, [
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', String(MEDIA_SECONDS)],
    ...['-c:a', 'libopus', '-b:a', '64k', '-f', 'ogg', audio],
  ]);
  return { video, audio };
}

function runFfmpeg(ffmpeg: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString('utf8')).slice(-2000);
    });
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}: ${errors.trim()}`)),
    );
  });
}

/** Runs `live-load` with its plan on standard input; its progress lines go to the log. */
function runLiveLoad(
  program: string,
  plan: Record<string, unknown>,
  limitMs: number,
  log: (line: string) => void,
): Promise<LiveLoadReport> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, [], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const killer = setTimeout(() => child.kill('SIGKILL'), limitMs);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      stderr = (stderr + text).slice(-4000);
      for (const line of text.split('\n')) if (line.trim()) log(`  ${line}`);
    });
    child.once('error', (error) => {
      clearTimeout(killer);
      reject(error);
    });
    child.once('close', (code, signal) => {
      clearTimeout(killer);
      if (code !== 0) {
        const how = signal ? `was stopped by ${signal} after ${limitMs / 1000} s` : `exited with ${code}`;
        reject(new Error(`live-load ${how}: ${stderr.trim().split('\n').slice(-3).join(' ')}`));
        return;
      }
      try {
        resolve(JSON.parse(stdout) as LiveLoadReport);
      } catch {
        reject(new Error(`live-load printed no report: ${stdout.slice(0, 200)}`));
      }
    });
    child.stdin.end(JSON.stringify(plan));
  });
}
