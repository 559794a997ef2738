import { spawn } from 'node:child_process';
import { repoRoot } from './paths.ts';

/** What a failed run shows: the part of its output worth reading, and the error it ends with. */
export interface Failure {
  shown: (output: string) => string;
  error: (code: number | null) => string;
}

/**
 * Runs a command from the repository's root with its output held back: a success prints nothing;
 * a failure logs what `failure.shown` keeps of the output and rejects with `failure.error`.
 */
export function runQuietly(
  command: string,
  args: string[],
  log: (line: string) => void,
  failure: Failure,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) return resolve();
      log(failure.shown(output));
      reject(new Error(failure.error(code)));
    });
  });
}
