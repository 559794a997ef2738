import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Root of the repository: this package lives at `<repo>/packages/local-servers`. */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** Ignored folder of the repository holding the installed binaries. */
export function toolsBinDir(): string {
  return join(repoRoot, '.tools', 'bin');
}

/** Machine-level cache shared by every clone on this machine. */
export function cacheBinDir(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.LIVEEDU_CACHE_DIR || join(env.HOME || homedir(), '.cache', 'liveedu');
  return join(base, 'bin');
}

/** Sources of the launcher of the embedded MongoDB-compatible server (mongo-java-server). */
export const mongoServerSourceDir = join(repoRoot, 'infra', 'mongo-server');

/** Sources of the program that gives each service its own MinIO user (Go, madmin-go). */
export const minioAccessSourceDir = join(repoRoot, 'infra', 'minio-access');

/** Sources of the program that puts one live class (a host and viewers) on LiveKit (Go, LiveKit's SDK). */
export const liveLoadSourceDir = join(repoRoot, 'infra', 'live-load');
