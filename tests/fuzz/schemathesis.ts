import { spawn } from 'node:child_process';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fuzzerBin } from './fuzzer.mjs';
import type { FuzzRole } from './roles.ts';

const here = dirname(fileURLToPath(import.meta.url));
/** Which answers each check expects where a rule no schema can state refuses valid data. */
export const CONFIG_FILE = join(here, 'schemathesis.toml');

export interface FuzzOptions {
  /** The gateway's address; the document is read from `/api/docs/openapi.json`. */
  url: string;
  role: FuzzRole;
  seed: number;
  /** Test cases per operation and phase. */
  maxExamples: number;
  reportDir: string;
  /** Concurrent requests (default 2); 1 makes a run with a fixed seed repeat exactly. */
  workers?: number;
  /** Lines of Schemathesis' own output, for a reader following along. */
  log?: (line: string) => void;
}

export interface FuzzResult {
  role: string;
  /** Requests Schemathesis generated and sent (its `test_cases.generated`). */
  requests: number;
  /** Failure title → the operations that showed it. */
  failures: Array<{ code: string; title: string; operations: string[] }>;
  errors: number;
  exitCode: number;
  reportDir: string;
}

interface JsonReport {
  test_cases: { generated: number };
  failures: Array<{ code: string; title: string; operations: string[] }>;
  errors: unknown[];
}

/**
 * Operations that end the caller's own session (log-out, and ending a session by the id the
 * session list gives, which the stateful phase follows): fuzzed after all the others, so that
 * the rest of a run is not answered "Your session has ended" once one of them succeeded.
 */
export const ENDS_SESSION = '^(POST /api/v1/logout(-all)?|DELETE /api/v1/sessions/\\{sid\\})$';

/**
 * The notification stream answers for as long as its caller listens (server-sent events): no
 * response ever completes for a check to judge, so it is left to its integration test
 * (`tests/integration/notifications.test.ts`: who may open it, what it sends, resuming).
 */
export const NEVER_ENDS = '^GET /api/v1/notifications/stream$';

/**
 * Schemathesis, with every check, over every operation but the stream, as one caller: the
 * operations that end the caller's session in a second pass after the rest.
 */
export async function runSchemathesis(opts: FuzzOptions): Promise<FuzzResult> {
  const main = await runPass(opts, opts.role.name, ['--exclude-name-regex', `${ENDS_SESSION}|${NEVER_ENDS}`]);
  const last = await runPass(opts, `${opts.role.name}-session-end`, ['--include-name-regex', ENDS_SESSION]);
  return {
    role: opts.role.name,
    requests: main.requests + last.requests,
    failures: [...main.failures, ...last.failures],
    errors: main.errors + last.errors,
    exitCode: main.exitCode || last.exitCode,
    reportDir: main.reportDir,
  };
}

async function runPass(opts: FuzzOptions, name: string, filter: string[]): Promise<FuzzResult> {
  const reportDir = join(opts.reportDir, name);
  await mkdir(reportDir, { recursive: true });
  const args = [
    '--config-file',
    CONFIG_FILE,
    'run',
    `${opts.url}/api/docs/openapi.json`,
    ...filter,
    '--url',
    opts.url,
    '--header',
    `Authorization: ${opts.role.headers.authorization}`,
    '--header',
    `id: ${opts.role.headers.id}`,
    '--checks',
    'all',
    '--seed',
    String(opts.seed),
    '--max-examples',
    String(opts.maxExamples),
    '--workers',
    String(opts.workers ?? 2),
    '--report',
    'junit,json',
    '--report-dir',
    reportDir,
    '--no-color',
  ];
  const exitCode = await new Promise<number>((resolve, reject) => {
    const child = spawn(fuzzerBin(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const forward = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) opts.log?.(line);
    };
    child.stdout.on('data', forward);
    child.stderr.on('data', forward);
    child.on('error', reject);
    child.on('close', (code) => resolve(code ?? 1));
  });
  const json = (await readdir(reportDir))
    .filter((name) => name.endsWith('.json'))
    .sort()
    .at(-1);
  if (!json) throw new Error(`Schemathesis wrote no report (exit ${exitCode}); see its output above`);
  const report = JSON.parse(await readFile(join(reportDir, json), 'utf8')) as JsonReport;
  return {
    role: opts.role.name,
    requests: report.test_cases.generated,
    failures: report.failures.map(({ code, title, operations }) => ({ code, title, operations })),
    errors: report.errors.length,
    exitCode,
    reportDir,
  };
}

/** Operation × failures, one row per operation that failed a check, for every role. */
export function failureTable(results: FuzzResult[]): string {
  const rows = new Map<string, Map<string, number>>();
  for (const result of results) {
    for (const failure of result.failures) {
      for (const operation of failure.operations) {
        const key = `${operation} (${result.role})`;
        const row = rows.get(key) ?? new Map<string, number>();
        row.set(failure.code, (row.get(failure.code) ?? 0) + 1);
        rows.set(key, row);
      }
    }
  }
  const lines = ['| operation (role) | failures |', '| --- | --- |'];
  for (const [operation, codes] of [...rows].sort(([a], [b]) => a.localeCompare(b))) {
    lines.push(`| ${operation} | ${[...codes.keys()].sort().join(', ')} |`);
  }
  const requests = results.reduce((sum, r) => sum + r.requests, 0);
  const failed = [...rows.values()].reduce((sum, codes) => sum + codes.size, 0);
  const errors = results.reduce((sum, r) => sum + r.errors, 0);
  if (rows.size === 0) lines.push('| (none) | 0 |');
  lines.push('', `${requests} requests, ${failed} failures, ${errors} errors`);
  return lines.join('\n');
}
