/**
 * ffprobe and ffmpeg as child processes: Debian's packages, installed with the other local
 * servers. Each call is bounded in time and its error output is kept short enough to show a tutor.
 */
import { spawn } from 'node:child_process';

export interface ToolPaths {
  ffmpeg: string;
  ffprobe: string;
}

export class ToolError extends Error {
  override name = 'ToolError';
}

/** Runs a tool to the end; rejects with the last lines it wrote when it fails. */
export function runTool(
  command: string,
  args: string[],
  { timeoutMs = 30 * 60_000 }: { timeoutMs?: number } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      err = (err + chunk.toString('utf8')).slice(-4_000);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new ToolError(`${command} could not start: ${error.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
      else {
        const last = err.trim().split('\n').slice(-3).join(' ').slice(0, 500);
        reject(new ToolError(`${command} failed (${signal ?? `exit ${code}`}): ${last}`));
      }
    });
  });
}
