import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { accessSync, constants, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import {
  access,
  chmod,
  copyFile,
  link,
  mkdir,
  open,
  readFile,
  readlink,
  rename,
  rm,
  symlink,
  unlink,
  writeFile,
} from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import {
  cacheBinDir,
  liveLoadSourceDir,
  minioAccessSourceDir,
  mongoServerSourceDir,
  toolsBinDir,
} from './paths.ts';
import { isProcessAlive } from './proc.ts';

/** The embedded MongoDB-compatible server (Maven Central), pinned here and in infra/mongo-server/pom.xml. */
export const MONGO_JAVA_SERVER_VERSION = '1.47.0';
const MONGO_LAUNCHER_CLASS = 'LiveEduMongoServer';
/**
 * The program placed in .tools/bin: Java with the launcher on the class path. The JVM's options
 * (heap size) come from LIVEEDU_MONGO_JAVA_OPTS, set by startMongo.
 */
const MONGO_LAUNCHER_SCRIPT = `#!/bin/sh
# mongo-java-server with LiveEdu's launcher (infra/mongo-server), built by packages/local-servers.
dir=$(dirname "$(readlink -f "$0")")
exec java \${LIVEEDU_MONGO_JAVA_OPTS:-} -Dorg.slf4j.simpleLogger.defaultLogLevel=warn \\
  -cp "$dir/classes:$dir/lib/*" ${MONGO_LAUNCHER_CLASS} "$@"
`;
export const MINIO_MODULE = 'github.com/minio/minio';
export const MINIO_VERSION = 'v0.0.0-20260212201848-7aac2a2c5b7c';
/**
 * LiveKit's media server (an SFU, Go). v1.13.5 is the newest release whose module builds with
 * `go install` from the public module proxy alone: later ones replace pion's WebRTC modules with
 * forks the proxy does not serve.
 */
export const LIVEKIT_MODULE = 'github.com/livekit/livekit-server/cmd/server';
export const LIVEKIT_VERSION = 'v1.13.5';
/** nats-server comes from Debian's package; JetStream features we use need at least this. */
export const NATS_MIN_VERSION = '2.9.0';

export type Log = (line: string) => void;

export interface InstallOptions {
  log?: Log;
  env?: NodeJS.ProcessEnv;
}

export interface InstalledServers {
  mongoServer?: string;
  minio: string;
  natsServer: string;
  livekitServer: string;
  mongod?: string;
}

/** Full path of an executable on PATH, or undefined. */
export function which(name: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      if (statSync(candidate).isFile()) {
        accessSync(candidate, constants.X_OK);
        return candidate;
      }
    } catch {
      // not here, or not executable
    }
  }
  return undefined;
}

interface RunOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  log?: Log;
  /** Written to the command's standard input (closed after it). */
  input?: string;
}

/** Runs a command; rejects with the command, exit status and the end of its output. */
export function run(command: string, args: string[], opts: RunOptions = {}): Promise<string> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, {
      cwd: opts.cwd,
      env: opts.env ?? process.env,
      stdio: [opts.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    if (opts.input !== undefined) child.stdin?.end(opts.input);
    const lines: string[] = [];
    let partial = '';
    const onData = (chunk: Buffer) => {
      partial += chunk.toString('utf8');
      const parts = partial.split('\n');
      partial = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        if (lines.length > 400) lines.shift();
        opts.log?.(`  ${line}`);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('error', (error) => {
      reject(new Error(`cannot run ${command}: ${error.message}`));
    });
    child.once('close', (code, signal) => {
      if (partial) lines.push(partial);
      const output = lines.join('\n');
      if (code === 0) resolveRun(output);
      else {
        const status = signal ? `was killed by ${signal}` : `exited with code ${code}`;
        const where = opts.cwd ? ` (in ${opts.cwd})` : '';
        reject(new Error(`${command} ${args.join(' ')}${where} ${status}:\n${lines.slice(-60).join('\n')}`));
      }
    });
  });
}

/** Cross-process lock: one build of a given binary at a time on this machine. */
export async function withLock<T>(lockFile: string, fn: () => Promise<T>, log?: Log): Promise<T> {
  const deadline = Date.now() + 30 * 60_000;
  let told = false;
  for (;;) {
    try {
      const handle = await open(lockFile, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number((await readFile(lockFile, 'utf8').catch(() => '')).trim());
      if (!Number.isInteger(owner) || owner <= 0 || !isProcessAlive(owner)) {
        // left behind by a process that died (or was caught between create and write: retry)
        if (Number.isInteger(owner) && owner > 0) await unlink(lockFile).catch(() => {});
        else await new Promise((r) => setTimeout(r, 200));
        continue;
      }
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${lockFile} held by pid ${owner}`);
      if (!told) {
        log?.(`waiting for another install (pid ${owner}) holding ${lockFile}`);
        told = true;
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  try {
    return await fn();
  } finally {
    await unlink(lockFile).catch(() => {});
  }
}

/** Does `dest` hold the build identified by `key`? */
async function isPlaced(dest: string, key: string): Promise<boolean> {
  const current = await readFile(`${dest}.version`, 'utf8').catch(() => '');
  return current.trim() === key && existsSync(dest);
}

/**
 * Puts `source` at `dest` (hard link, or a copy across file systems) unless `dest` already holds
 * the build identified by `key` (recorded in `dest.version`). Returns true when it changed `dest`.
 */
export async function placeBinary(source: string, dest: string, key: string): Promise<boolean> {
  if (await isPlaced(dest, key)) return false;
  const stamp = `${dest}.version`;
  await mkdir(join(dest, '..'), { recursive: true });
  const tmp = `${dest}.tmp-${process.pid}`;
  await rm(tmp, { force: true });
  try {
    await link(source, tmp);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'EMLINK') throw error;
    await copyFile(source, tmp);
    await chmod(tmp, 0o755);
  }
  await rename(tmp, dest);
  await writeFile(stamp, `${key}\n`);
  return true;
}

/** Like placeBinary, for a program owned by the system: `dest` becomes a symbolic link to it. */
async function placeSymlink(target: string, dest: string, key: string): Promise<void> {
  const stamp = `${dest}.version`;
  const current = await readFile(stamp, 'utf8').catch(() => '');
  const pointsAt = await readlink(dest).catch(() => '');
  if (current.trim() === key && pointsAt === target) return;
  await mkdir(join(dest, '..'), { recursive: true });
  const tmp = `${dest}.tmp-${process.pid}`;
  await rm(tmp, { force: true });
  await symlink(target, tmp);
  await rename(tmp, dest);
  await writeFile(stamp, `${key}\n`);
}

function requireGo(env: NodeJS.ProcessEnv, what: string): string {
  const go = which('go', env);
  if (!go) {
    throw new Error(
      `building ${what} needs the Go toolchain (go 1.26 or newer), and no 'go' is on PATH. ` +
        'Install Go, or point MONGO_URL / S3_ENDPOINT / LIVEKIT_URL at servers of your own.',
    );
  }
  return go;
}

/** The launcher's Java sources (`infra/mongo-server/src`), in a stable order. */
function launcherSources(): string[] {
  return readdirSync(join(mongoServerSourceDir, 'src'))
    .filter((name) => name.endsWith('.java'))
    .sort();
}

/** Build key of the mongo-java-server launcher: its pinned version plus a hash of its sources. */
export function mongoServerKey(): string {
  const pom = readFileSync(join(mongoServerSourceDir, 'pom.xml'), 'utf8');
  const pinned = /<mongo-java-server\.version>([^<]+)</.exec(pom)?.[1];
  if (pinned !== MONGO_JAVA_SERVER_VERSION) {
    throw new Error(
      `infra/mongo-server/pom.xml pins mongo-java-server ${pinned ?? '(nothing)'}, but local-servers pins ` +
        `${MONGO_JAVA_SERVER_VERSION}; change both together.`,
    );
  }
  const hash = createHash('sha256');
  for (const file of ['pom.xml', ...launcherSources().map((name) => join('src', name))]) {
    hash.update(file);
    hash.update(readFileSync(join(mongoServerSourceDir, file)));
  }
  hash.update(MONGO_LAUNCHER_SCRIPT);
  return `mongo-java-server-${MONGO_JAVA_SERVER_VERSION}-${hash.digest('hex').slice(0, 12)}`;
}

async function cached(
  key: string,
  build: (out: string) => Promise<void>,
  opts: InstallOptions,
  env: NodeJS.ProcessEnv,
): Promise<string> {
  const dir = cacheBinDir(env);
  const out = join(dir, key);
  if (existsSync(out)) return out;
  await mkdir(dir, { recursive: true });
  return withLock(
    join(dir, `.${key}.lock`),
    async () => {
      if (existsSync(out)) return out;
      const tmp = `${out}.tmp-${process.pid}`;
      await rm(tmp, { recursive: true, force: true });
      try {
        await build(tmp);
        await access(tmp, constants.X_OK);
        await rename(tmp, out);
      } finally {
        await rm(tmp, { recursive: true, force: true });
      }
      return out;
    },
    opts.log,
  );
}

/**
 * The MongoDB-compatible server: a `mongod` on PATH when there is one, else mongo-java-server
 * with LiveEdu's launcher (`infra/mongo-server`): its jars fetched by Maven at pinned versions,
 * the launcher compiled with javac, once per machine. Returns the program to run.
 */
export async function installMongo(
  opts: InstallOptions = {},
): Promise<{ mongoServer?: string; mongod?: string }> {
  const env = opts.env ?? process.env;
  const mongod = which('mongod', env);
  if (mongod) return { mongod };
  const key = mongoServerKey();
  const dest = join(toolsBinDir(), 'mongo-server');
  const current = await readFile(`${dest}.version`, 'utf8').catch(() => '');
  if (current.trim() === key && existsSync(dest)) return { mongoServer: dest };
  const { mvn, javac } = await ensureJava(env, opts.log);
  const built = await cached(
    key,
    async (out) => {
      opts.log?.(
        `fetching mongo-java-server ${MONGO_JAVA_SERVER_VERSION} and compiling its launcher as ${key}`,
      );
      await mkdir(out, { recursive: true });
      await run(
        mvn,
        [
          '-q',
          '-B',
          '-f',
          join(mongoServerSourceDir, 'pom.xml'),
          'dependency:copy-dependencies',
          '-DincludeScope=runtime',
          `-DoutputDirectory=${join(out, 'lib')}`,
        ],
        { env, log: opts.log },
      );
      await run(
        javac,
        [
          '-d',
          join(out, 'classes'),
          '-cp',
          `${join(out, 'lib')}/*`,
          ...launcherSources().map((name) => join(mongoServerSourceDir, 'src', name)),
        ],
        { env, log: opts.log },
      );
      await writeFile(join(out, 'mongo-server'), MONGO_LAUNCHER_SCRIPT, { mode: 0o755 });
    },
    opts,
    env,
  );
  await placeSymlink(join(built, 'mongo-server'), dest, key);
  opts.log?.(`installed ${dest} (${key})`);
  return { mongoServer: dest };
}

/**
 * A program built with Go once per machine and placed in the tools folder as `name`: `build`
 * makes it at `out` when the machine's cache has no build of `key`; `what` names it when there
 * is no Go to build it with.
 */
async function installGoProgram(
  name: string,
  key: string,
  what: string,
  build: (go: string, out: string, env: NodeJS.ProcessEnv) => Promise<void>,
  opts: InstallOptions,
): Promise<string> {
  const env = opts.env ?? process.env;
  const dest = join(toolsBinDir(), name);
  if (await isPlaced(dest, key)) return dest;
  const built = await cached(key, (out) => build(requireGo(env, what), out, env), opts, env);
  if (await placeBinary(built, dest, key)) opts.log?.(`installed ${dest} (${key})`);
  return dest;
}

/** `go install` of a pinned module (`args`), the program it makes (`binary`) moved to `out`. */
async function goInstall(
  go: string,
  out: string,
  env: NodeJS.ProcessEnv,
  args: string[],
  binary: string,
  log?: Log,
): Promise<void> {
  const gobin = `${out}.gobin`;
  await mkdir(gobin, { recursive: true });
  try {
    await run(go, ['install', ...args], { env: { ...env, GOBIN: gobin }, log });
    await rename(join(gobin, binary), out);
  } finally {
    await rm(gobin, { recursive: true, force: true });
  }
}

export async function installMinio(opts: InstallOptions = {}): Promise<string> {
  return installGoProgram(
    'minio',
    `minio-${MINIO_VERSION}`,
    `MinIO ${MINIO_VERSION}`,
    async (go, out, env) => {
      opts.log?.(`building MinIO ${MINIO_VERSION} (once per machine: several minutes)`);
      await goInstall(go, out, env, [`${MINIO_MODULE}@${MINIO_VERSION}`], 'minio', opts.log);
    },
    opts,
  );
}

/** LiveKit's media server, built with Go once per machine (`go install` of the pinned module). */
export async function installLivekit(opts: InstallOptions = {}): Promise<string> {
  return installGoProgram(
    'livekit-server',
    `livekit-server-${LIVEKIT_VERSION}`,
    `LiveKit ${LIVEKIT_VERSION}`,
    async (go, out, env) => {
      opts.log?.(`building LiveKit server ${LIVEKIT_VERSION} (once per machine: a few minutes)`);
      await goInstall(
        go,
        out,
        env,
        ['-trimpath', `${LIVEKIT_MODULE}@${LIVEKIT_VERSION}`],
        'server',
        opts.log,
      );
    },
    opts,
  );
}

/** Build key of a Go program of this repository: its name and a hash of its sources and pinned modules. */
function goProgramKey(name: string, sourceDir: string): string {
  const hash = createHash('sha256');
  for (const file of ['main.go', 'go.mod', 'go.sum']) {
    hash.update(file);
    hash.update(readFileSync(join(sourceDir, file)));
  }
  return `${name}-${hash.digest('hex').slice(0, 12)}`;
}

/** Build key of the MinIO user tool: a hash of its sources and pinned modules. */
function minioAccessKey(): string {
  return goProgramKey('minio-access', minioAccessSourceDir);
}

/**
 * The program that gives each service its own MinIO user and policy (`infra/minio-access`),
 * built with Go once per machine from the pinned modules MinIO itself is built from.
 */
export async function installMinioAccess(opts: InstallOptions = {}): Promise<string> {
  const key = minioAccessKey();
  return installGoProgram(
    'minio-access',
    key,
    'the MinIO user tool',
    async (go, out, env) => {
      opts.log?.(`building ${key}`);
      await run(go, ['build', '-mod=readonly', '-o', out, '.'], {
        cwd: minioAccessSourceDir,
        env,
        log: opts.log,
      });
    },
    opts,
  );
}

/**
 * The program that puts one live class on LiveKit — a host publishing a video and a sound file,
 * viewers joining together — and measures it (`infra/live-load`, LiveKit's Go SDK), built with Go
 * once per machine. The bench's live-class section runs it.
 */
export async function installLiveLoad(opts: InstallOptions = {}): Promise<string> {
  const key = goProgramKey('live-load', liveLoadSourceDir);
  return installGoProgram(
    'live-load',
    key,
    'the live-class load program',
    async (go, out, env) => {
      opts.log?.(`building ${key} (once per machine: a minute or two)`);
      await run(go, ['build', '-mod=readonly', '-trimpath', '-o', out, '.'], {
        cwd: liveLoadSourceDir,
        env,
        log: opts.log,
      });
    },
    opts,
  );
}

let aptUpdated = false;

function findNats(env: NodeJS.ProcessEnv): string | undefined {
  return (
    which('nats-server', env) ??
    ['/usr/bin/nats-server', '/usr/sbin/nats-server', '/usr/local/bin/nats-server'].find((p) => existsSync(p))
  );
}

function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** A command on the PATH, or in /usr/bin where a Debian package puts it. */
function systemCommand(name: string, env: NodeJS.ProcessEnv): string | undefined {
  return which(name, env) ?? (existsSync(`/usr/bin/${name}`) ? `/usr/bin/${name}` : undefined);
}

/**
 * What `found` finds; when it finds nothing, installs Debian packages first (root only), one
 * apt-get at a time on this machine. `what` names the need in the message when this process cannot
 * install.
 */
async function foundOrAptInstall<T>(
  packages: string[],
  found: () => T | undefined,
  what: string,
  env: NodeJS.ProcessEnv,
  log?: Log,
): Promise<T> {
  const present = found();
  if (present) return present;
  const apt = systemCommand('apt-get', env);
  if (process.getuid?.() !== 0 || !apt) {
    throw new Error(
      `${what} is not installed and this process cannot install it ` +
        `(${apt ? 'not root' : 'no apt-get'}). Install it (Debian/Ubuntu: sudo apt-get install ${packages.join(' ')}).`,
    );
  }
  const dir = cacheBinDir(env);
  await mkdir(dir, { recursive: true });
  return withLock(
    join(dir, '.apt-get.lock'),
    async () => {
      const already = found();
      if (already) return already;
      const aptEnv = { ...env, DEBIAN_FRONTEND: 'noninteractive' };
      const wait = ['-o', 'DPkg::Lock::Timeout=300'];
      if (!aptUpdated) {
        log?.(`apt-get update (to install ${packages.join(' ')})`);
        await run(apt, [...wait, 'update'], { env: aptEnv, log });
        aptUpdated = true;
      }
      log?.(`apt-get install -y ${packages.join(' ')}`);
      await run(apt, [...wait, 'install', '-y', '--no-install-recommends', ...packages], {
        env: aptEnv,
        log,
      });
      const result = found();
      if (!result) throw new Error(`apt-get installed ${packages.join(' ')}, but ${what} cannot be found`);
      return result;
    },
    log,
  );
}

/** Java 17+ (JDK) and Maven, from Debian when missing: they fetch and compile the database server. */
async function ensureJava(env: NodeJS.ProcessEnv, log?: Log): Promise<{ mvn: string; javac: string }> {
  const find = () => {
    const javac = which('javac', env);
    const mvn = which('mvn', env);
    return javac && mvn && which('java', env) ? { javac, mvn } : undefined;
  };
  return foundOrAptInstall(
    ['openjdk-17-jdk-headless', 'maven'],
    find,
    'Java 17 (java, javac) with Maven, needed for the local MongoDB-compatible server,',
    env,
    log,
  );
}

export async function installNats(opts: InstallOptions = {}): Promise<string> {
  const env = opts.env ?? process.env;
  const found = await foundOrAptInstall(
    ['nats-server'],
    () => findNats(env),
    'nats-server (or set NATS_URL to a NATS server with JetStream)',
    env,
    opts.log,
  );
  const versionOutput = await run(found, ['--version'], { env });
  const version = /v?(\d+\.\d+\.\d+)/.exec(versionOutput)?.[1];
  if (!version) throw new Error(`cannot read the version of ${found} from: ${versionOutput}`);
  if (compareVersions(version, NATS_MIN_VERSION) < 0) {
    throw new Error(`${found} is version ${version}; LiveEdu needs nats-server ${NATS_MIN_VERSION} or newer`);
  }
  const dest = join(toolsBinDir(), 'nats-server');
  await placeSymlink(found, dest, `nats-server-${version} ${found}`);
  return dest;
}

function findFfmpeg(env: NodeJS.ProcessEnv): { ffmpeg: string; ffprobe: string } | undefined {
  const ffmpeg = systemCommand('ffmpeg', env);
  const ffprobe = systemCommand('ffprobe', env);
  return ffmpeg && ffprobe ? { ffmpeg, ffprobe } : undefined;
}

/** ffmpeg and ffprobe from Debian's package: the media service transcodes uploaded videos with them. */
export async function installFfmpeg(opts: InstallOptions = {}): Promise<{ ffmpeg: string; ffprobe: string }> {
  const env = opts.env ?? process.env;
  return foundOrAptInstall(
    ['ffmpeg'],
    () => findFfmpeg(env),
    'ffmpeg (for transcoding videos)',
    env,
    opts.log,
  );
}

/**
 * pdftotext from Debian's poppler-utils, installed once per machine when missing: tests read the
 * text of the PDFs the services make (tax invoices, credit notes) with it.
 */
export async function installPdftotext(opts: InstallOptions = {}): Promise<string> {
  const env = opts.env ?? process.env;
  return foundOrAptInstall(
    ['poppler-utils'],
    () => systemCommand('pdftotext', env),
    'pdftotext (poppler-utils, to read the text of PDFs in tests)',
    env,
    opts.log,
  );
}

/** Installs every local server binary (idempotent; fast once installed). */
export async function installServers(opts: InstallOptions = {}): Promise<InstalledServers> {
  const mongo = await installMongo(opts);
  const minio = await installMinio(opts);
  await installMinioAccess(opts);
  const natsServer = await installNats(opts);
  await installFfmpeg(opts);
  const livekitServer = await installLivekit(opts);
  return { ...mongo, minio, natsServer, livekitServer };
}
