import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { withLock } from '@liveedu/local-servers';
import { repoRoot } from './paths.ts';
import { runQuietly } from './run-quietly.ts';

/**
 * The compiler the images use (`infra/docker/build-server.mjs`): `<dir>/src/server.ts` with our
 * workspace packages inside becomes `<dir>/dist/server.mjs` beside its source map, and
 * `server.meta.json` lists every source file that went in.
 */
const COMPILER = join('infra', 'docker', 'build-server.mjs');

export const builtServer = (dir: string) => join(repoRoot, dir, 'dist', 'server.mjs');
const metaFile = (dir: string) => join(repoRoot, dir, 'dist', 'server.meta.json');

/** `packages/ui/package.json` for `packages/ui/src/x.ts`; the same for services, the gateway. */
function workspaceManifest(input: string): string | undefined {
  const parts = input.split('/');
  if (parts[0] === 'gateway') return 'gateway/package.json';
  if ((parts[0] === 'packages' || parts[0] === 'services') && parts.length > 2)
    return `${parts[0]}/${parts[1]}/package.json`;
  return undefined;
}

/**
 * Whether `<dir>`'s compiled server is older than anything it was built from: a source file that
 * went into it or its package's manifest was changed or removed since, or the compiler itself
 * changed. A new import shows as a change of the file that imports it.
 */
export function isServerStale(dir: string): boolean {
  const meta = metaFile(dir);
  if (!existsSync(meta) || !existsSync(builtServer(dir))) return true;
  const built = statSync(meta).mtimeMs;
  let inputs: string[];
  try {
    inputs = Object.keys((JSON.parse(readFileSync(meta, 'utf8')) as { inputs: object }).inputs);
  } catch {
    return true;
  }
  // A workspace's manifest decides what the compiler may leave out (`sideEffects`), so it counts too.
  const manifests = new Set(inputs.map(workspaceManifest).filter((path) => path !== undefined));
  return [COMPILER, ...manifests, ...inputs].some((input) => {
    const path = join(repoRoot, input);
    return !existsSync(path) || statSync(path).mtimeMs > built;
  });
}

function compile(dir: string, log: (line: string) => void): Promise<void> {
  return runQuietly(process.execPath, [COMPILER, dir], log, {
    shown: (output) => output.trim(),
    error: (code) => `compiling ${dir} failed (exit code ${code})`,
  });
}

/**
 * Compiles each Node server (`dirs`: `services/<name>`, `gateway`) whose sources changed since
 * its last build, so the platform runs plain JavaScript: no TypeScript compiler is loaded into any
 * process, and a start after no change compiles nothing.
 */
export async function buildServers(opts: {
  dirs: readonly string[];
  log: (line: string) => void;
}): Promise<void> {
  mkdirSync(join(repoRoot, '.tools'), { recursive: true });
  await withLock(
    join(repoRoot, '.tools', 'server-build.lock'),
    async () => {
      const stale = opts.dirs.filter(isServerStale);
      if (stale.length === 0) return;
      const started = Date.now();
      await Promise.all(stale.map((dir) => compile(dir, opts.log)));
      opts.log(`compiled ${stale.join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    },
    opts.log,
  );
}
