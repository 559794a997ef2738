import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withLock } from '@liveedu/local-servers';
import { HOST, REMOTE_NAMES, remoteDir } from '@liveedu/platform-registry';
import { repoRoot } from './paths.ts';
import { runQuietly } from './run-quietly.ts';

/** The front-end workspaces, host first; each builds into its own `dist/`. */
export const WEB_APPS: readonly { dir: string; name: string }[] = [
  { dir: HOST.dir, name: HOST.name },
  ...REMOTE_NAMES.map((name) => ({ dir: remoteDir(name), name })),
];

/** Shared front-end packages: a change in any of them rebuilds every app. */
const SHARED_SOURCES = [
  'packages/ui',
  'packages/api-client',
  'packages/session',
  'packages/web-build',
  'packages/query',
  'packages/upload',
  'packages/video',
  'packages/markdown',
  'packages/remote-loader',
  'packages/react-query',
  'packages/platform-registry',
];
const STAMP = '.build-stamp';

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function isStale(dir: string): boolean {
  const stamp = join(repoRoot, dir, 'dist', STAMP);
  if (!existsSync(stamp)) return true;
  const built = statSync(stamp).mtimeMs;
  const sources = [join(repoRoot, dir), ...SHARED_SOURCES.map((p) => join(repoRoot, p))];
  return sources.some((source) => newestMtime(source) > built);
}

function run(command: string, args: string[], log: (line: string) => void): Promise<void> {
  return runQuietly(command, args, log, {
    shown: (output) => output.split('\n').slice(-40).join('\n'),
    error: (code) => `${command} ${args.join(' ')} exited with code ${code}`,
  });
}

/** Builds each app whose sources changed since its last build (one at a time: builds are CPU-heavy). */
export async function buildFrontEnd(opts: { force?: boolean; log: (line: string) => void }): Promise<void> {
  // Two runs at once (a test run and `npm start`) must not write the same dist/ together.
  mkdirSync(join(repoRoot, '.tools'), { recursive: true });
  await withLock(join(repoRoot, '.tools', 'front-end-build.lock'), () => buildStale(opts), opts.log);
}

async function buildStale(opts: { force?: boolean; log: (line: string) => void }): Promise<void> {
  for (const app of WEB_APPS) {
    if (!existsSync(join(repoRoot, app.dir, 'package.json'))) continue;
    if (!opts.force && !isStale(app.dir)) continue;
    opts.log(`building ${app.dir} …`);
    const started = Date.now();
    await run('npm', ['run', 'build', '--silent', '-w', app.dir], opts.log);
    writeFileSync(join(repoRoot, app.dir, 'dist', STAMP), new Date().toISOString());
    opts.log(`built ${app.dir} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}
