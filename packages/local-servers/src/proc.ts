import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * Child server processes that must not outlive this process.
 *
 * - a normal exit or an unhandled SIGINT/SIGTERM/SIGHUP sends them SIGTERM;
 * - a watchdog shell (one per process) watches our pid and, should we die without running
 *   exit handlers (SIGKILL, crash of the runtime), sends them SIGTERM and then SIGKILL.
 * Children run in their own process group so that a Ctrl-C in the terminal reaches us first and
 * the application decides the shutdown order (services before the servers they use).
 */

/** Whether a process of that id exists (one of another user's counts too). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
  error?: Error;
}

export interface ServerProcess {
  readonly name: string;
  readonly pid: number;
  readonly logFile: string;
  /** Resolves when the process has exited (and was reaped). */
  readonly exited: Promise<ExitInfo>;
  hasExited(): boolean;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once the process is gone. */
  stop(graceMs?: number): Promise<void>;
}

const live = new Map<number, ChildProcess>();
const pidFile = join(tmpdir(), `liveedu-servers-${process.pid}.pids`);
let hooksInstalled = false;

function recordPids(): void {
  try {
    writeFileSync(pidFile, [...live.keys()].join(' '));
  } catch {
    // the watchdog is a second line of defence; the exit hooks remain
  }
}

function terminateAllSync(): void {
  for (const [pid] of live) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}

const WATCHDOG = [
  "trap '' INT HUP",
  'parent=$1; file=$2',
  'while kill -0 "$parent" 2>/dev/null; do sleep 1; done',
  'pids=$(cat "$file" 2>/dev/null)',
  'if [ -n "$pids" ]; then',
  '  kill -TERM $pids 2>/dev/null',
  '  i=0; while [ $i -lt 10 ]; do alive=; for p in $pids; do kill -0 $p 2>/dev/null && alive=1; done',
  '    [ -z "$alive" ] && break; sleep 1; i=$((i+1)); done',
  '  kill -KILL $pids 2>/dev/null',
  'fi',
  'rm -f "$file"',
].join('\n');

function onSignal(signal: NodeJS.Signals): void {
  // Someone else handles this signal (a graceful shutdown that calls stop()); let them.
  if (process.listenerCount(signal) > 1) return;
  terminateAllSync();
  process.removeListener(signal, onSignal);
  process.kill(process.pid, signal);
}

function installHooks(): void {
  if (hooksInstalled) return;
  hooksInstalled = true;
  process.on('exit', () => {
    terminateAllSync();
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, onSignal);
  recordPids();
  const watchdog = spawn('sh', ['-c', WATCHDOG, 'sh', String(process.pid), pidFile], {
    detached: true,
    stdio: 'ignore',
  });
  watchdog.on('error', () => {
    // no sh: the exit hooks remain
  });
  watchdog.unref();
}

/** Last `lines` lines of a log file, for error messages. */
export function logTail(file: string, lines = 40): string {
  try {
    const text = readFileSync(file, 'utf8');
    const all = text.trimEnd().split('\n');
    return all.slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

export interface SpawnOptions {
  name: string;
  command: string;
  args: string[];
  logFile: string;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
}

export function spawnServer(opts: SpawnOptions): ServerProcess {
  installHooks();
  mkdirSync(dirname(opts.logFile), { recursive: true });
  const fd = openSync(opts.logFile, 'a');
  writeSync(fd, `\n=== ${new Date().toISOString()} ${opts.command} ${opts.args.join(' ')}\n`);
  let child: ChildProcess;
  try {
    child = spawn(opts.command, opts.args, {
      cwd: opts.cwd,
      env: opts.env ?? process.env,
      stdio: ['ignore', fd, fd],
      detached: true,
    });
  } finally {
    closeSync(fd);
  }
  let exitInfo: ExitInfo | undefined;
  const exited = new Promise<ExitInfo>((resolveExit) => {
    child.once('error', (error) => {
      // spawn failure (ENOENT, EACCES): there is no process to wait for
      if (child.pid === undefined) {
        exitInfo = { code: null, signal: null, error };
        resolveExit(exitInfo);
      }
    });
    child.once('exit', (code, signal) => {
      if (child.pid !== undefined) live.delete(child.pid);
      recordPids();
      exitInfo = { code, signal };
      resolveExit(exitInfo);
    });
  });
  const pid = child.pid ?? -1;
  if (child.pid !== undefined) {
    live.set(child.pid, child);
    recordPids();
  }

  return {
    name: opts.name,
    pid,
    logFile: opts.logFile,
    exited,
    hasExited: () => exitInfo !== undefined,
    async stop(graceMs = 10_000) {
      if (exitInfo) return;
      child.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      const timedOut = await Promise.race([
        exited.then(() => false),
        new Promise<boolean>((r) => {
          timer = setTimeout(() => r(true), graceMs);
        }),
      ]);
      clearTimeout(timer);
      if (timedOut) {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
}

/** Describes how a process ended, for error messages. */
export function describeExit(info: ExitInfo): string {
  if (info.error) return `could not be started: ${info.error.message}`;
  if (info.signal) return `was killed by ${info.signal}`;
  return `exited with code ${info.code}`;
}
