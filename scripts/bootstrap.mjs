#!/usr/bin/env node
// The one entry behind `npm start`, `npm test` and `npm run bench` on a fresh clone: it installs
// what is missing (npm packages, the local servers, the browser for browser tests), then runs
// the command. It uses nothing but Node itself, because nothing else is installed yet.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const command = process.argv[2];
const extra = process.argv.slice(3);
const say = (line) => process.stdout.write(`» ${line}\n`);

function run(cmd, args, opts = {}) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function mustRun(cmd, args, opts) {
  const status = run(cmd, args, opts);
  if (status !== 0) {
    process.stderr.write(`\n${cmd} ${args.join(' ')} failed with exit code ${status}\n`);
    process.exit(status);
  }
}

function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    process.stderr.write(`LiveEdu needs Node.js 20.19 or newer; this is ${process.versions.node}.\n`);
    process.exit(1);
  }
}

/** npm packages: installed once per lock-file content, so a changed lock reinstalls. */
function ensurePackages() {
  const lock = readFileSync(join(root, 'package-lock.json'));
  const hash = createHash('sha256').update(lock).digest('hex');
  const marker = join(root, 'node_modules', '.liveedu-lock-hash');
  if (existsSync(marker) && readFileSync(marker, 'utf8') === hash) return;
  say('installing npm packages (npm ci) …');
  mustRun('npm', ['ci', '--no-audit', '--no-fund']);
  writeFileSync(marker, hash);
}

const tsx = (args) => mustRun(process.execPath, ['--import', 'tsx', ...args]);

/** mongo-java-server, MinIO, nats-server and LiveKit at pinned versions, built once per machine and reused. */
function ensureServers() {
  const external =
    process.env.MONGO_URL && process.env.NATS_URL && process.env.S3_ENDPOINT && process.env.LIVEKIT_URL;
  if (external) return;
  say('checking the local servers (mongo-java-server, MinIO, NATS, LiveKit) and ffmpeg …');
  tsx(['packages/local-servers/src/cli.ts', 'install']);
}

/** Debian's Chromium for the browser tests; never a browser downloaded by a test tool. */
function ensureBrowser() {
  if (process.env.CHROMIUM_PATH || existsSync('/usr/bin/chromium')) return;
  if (process.getuid?.() !== 0) {
    process.stderr.write(
      'Browser tests need Chromium: install it (apt-get install chromium) or set CHROMIUM_PATH.\n',
    );
    process.exit(1);
  }
  say('installing Chromium from Debian for the browser tests …');
  mustRun('apt-get', ['update', '-qq']);
  mustRun('apt-get', ['install', '-y', '-qq', 'chromium'], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

/**
 * Schemathesis for `npm run fuzz` and the fuzz slice of `npm test`: PyPI's package at the version
 * `tests/fuzz/requirements.txt` pins, in a virtual environment kept in the user's cache (so a
 * fresh clone reuses it), marked complete only once pip finished.
 */
async function ensureFuzzer() {
  const { fuzzerHome, fuzzerInstalled, fuzzerMarker, requirementsFile } = await import(
    '../tests/fuzz/fuzzer.mjs'
  );
  if (fuzzerInstalled()) return;
  const home = fuzzerHome();
  say(`installing Schemathesis into ${home} …`);
  rmSync(home, { recursive: true, force: true });
  mkdirSync(dirname(home), { recursive: true });
  mustRun('python3', ['-m', 'venv', home]);
  mustRun(join(home, 'bin', 'pip'), [
    'install',
    '--quiet',
    '--disable-pip-version-check',
    '-r',
    requirementsFile,
  ]);
  writeFileSync(fuzzerMarker(), readFileSync(requirementsFile));
}

/** One plain closing line with the counts, whatever reporter a reader understands. */
function summarise(report) {
  if (!existsSync(report)) return;
  const result = JSON.parse(readFileSync(report, 'utf8'));
  const skipped = result.numPendingTests + result.numTodoTests;
  process.stdout.write(
    `\ntests: ${result.numPassedTests} passed, ${result.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}\n`,
  );
}

/** The commands that prepare the packages and servers, then run one script (fuzz needs its fuzzer). */
const SCRIPTS = {
  start: { script: 'infra/platform/src/cli.ts' },
  servers: {},
  fuzz: { script: 'tests/fuzz/run.ts', fuzzer: true },
  bench: { script: 'bench/run.ts' },
  soak: { script: 'bench/soak.ts' },
  lighthouse: { script: 'bench/lighthouse.ts' },
};

checkNode();
if (command === 'test') {
  ensurePackages();
  ensureServers();
  ensureBrowser();
  await ensureFuzzer();
  say('lint and types …');
  mustRun('npx', ['biome', 'check', '.']);
  mustRun('npm', ['run', '--silent', 'lint:imports']);
  mustRun('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
  mustRun('npx', ['tsc', '-p', 'tsconfig.web.json', '--noEmit']);
  say('tests …');
  const report = join(root, 'test-results', 'vitest.json');
  const status = run(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extra],
    { env: { ...process.env, CI: process.env.CI ?? '' } },
  );
  summarise(report);
  if (status !== 0) process.exit(status);
} else if (Object.hasOwn(SCRIPTS, command)) {
  const { script, fuzzer } = SCRIPTS[command];
  ensurePackages();
  ensureServers();
  if (fuzzer) await ensureFuzzer();
  if (script) tsx([script, ...extra]);
} else {
  process.stderr.write('usage: node scripts/bootstrap.mjs start|test|bench|fuzz|soak|lighthouse|servers\n');
  process.exit(2);
}
