/**
 * For the tests that run the bench's scripts end to end: a script run exactly as its npm command
 * runs it (node with tsx, from the repository root), with everything it printed kept.
 */
import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Runs `script` (a path from the repository root) with `args`; its exit code and its stdout and stderr, interleaved. */
export function runScript(script: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((done, fail) => {
    let output = '';
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', fail);
    child.on('exit', (code) => done({ code, output }));
  });
}
