import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import type { Component } from '@liveedu/deploy';
import { webFiles } from '@liveedu/deploy';
import { withLock } from '@liveedu/local-servers';
import { repoRoot } from './support.ts';

/**
 * nginx run natively the way the front-end images run it, for machines without a container
 * engine: the image's files laid out under a prefix, its templates rendered from the environment
 * as the official image's entrypoint renders them, and only the paths changed.
 */

export interface Nginx {
  binary: string;
  mimeTypes: string;
}

const NGINX_DIR = join(repoRoot, '.tools', 'nginx');

/** nginx on PATH, else Debian's package unpacked once into .tools/nginx (no service installed or started). */
export async function ensureNginx(): Promise<Nginx> {
  const onPath = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim();
  if (onPath && existsSync('/etc/nginx/mime.types'))
    return { binary: onPath, mimeTypes: '/etc/nginx/mime.types' };
  const unpacked = {
    binary: join(NGINX_DIR, 'usr/sbin/nginx'),
    mimeTypes: join(NGINX_DIR, 'etc/nginx/mime.types'),
  };
  if (existsSync(unpacked.binary) && existsSync(unpacked.mimeTypes)) return unpacked;
  mkdirSync(join(repoRoot, '.tools'), { recursive: true });
  await withLock(join(repoRoot, '.tools', 'nginx.lock'), async () => {
    if (existsSync(unpacked.binary) && existsSync(unpacked.mimeTypes)) return;
    const download = await mkdtemp(join(tmpdir(), 'liveedu-nginx-'));
    const fetched = spawnSync('apt-get', ['download', 'nginx', 'nginx-common'], {
      cwd: download,
      encoding: 'utf8',
    });
    if (fetched.status !== 0) throw new Error(`apt-get download nginx failed: ${fetched.stderr}`);
    for (const deb of readdirSync(download).filter((f) => f.endsWith('.deb'))) {
      const unpack = spawnSync('dpkg', ['-x', join(download, deb), NGINX_DIR], { encoding: 'utf8' });
      if (unpack.status !== 0) throw new Error(`dpkg -x ${deb} failed: ${unpack.stderr}`);
    }
  });
  return unpacked;
}

/** The official image's 20-envsubst-on-templates.sh: `${NAME}` and `$NAME` of defined variables only. */
export function renderTemplate(text: string, env: NodeJS.ProcessEnv): string {
  return text.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g, (all, braced, bare) => {
    const value = env[(braced ?? bare) as string];
    return value === undefined ? all : value;
  });
}

/** The environment after the image's entrypoint sourced its `*.envsh` defaults. */
function withDefaults(script: string, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const result = spawnSync('sh', ['-c', `${script}\nenv -0`], { env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`defaults script failed: ${result.stderr}`);
  return Object.fromEntries(
    result.stdout
      .split('\0')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
}

/**
 * Lays out one front-end image under a fresh prefix and returns the nginx command that serves it
 * on `port`. `routes` are extra server-level files (compose's forwarding), as mounted in compose.
 */
export async function nativeWebImage(
  nginx: Nginx,
  component: Component,
  opts: { port: number; env: NodeJS.ProcessEnv; routes?: string; dataDir: string },
): Promise<{ command: string; args: string[]; accessLog: string }> {
  const root = join(opts.dataDir, component.name);
  const etc = join(root, 'etc', 'nginx');
  const html = join(repoRoot, component.dir, 'dist');
  const files = webFiles(component);
  const accessLog = join(root, 'access.log');
  const env = withDefaults(files['docker-entrypoint.d/15-liveedu-defaults.envsh']?.text ?? '', opts.env);
  const place = (path: string, text: string) => {
    const localised = text
      .replaceAll('/etc/nginx/', `${etc}/`)
      .replaceAll('/usr/share/nginx/html', html)
      .replace(/listen 8080;/g, `listen 127.0.0.1:${opts.port};`)
      // The container's stdout is a pipe; a test's child has a socket there, which nginx cannot open.
      .replaceAll('/dev/stdout', accessLog);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, localised);
  };
  for (const [path, file] of Object.entries(files)) {
    if (!path.startsWith('etc/nginx/templates/')) {
      if (path.startsWith('etc/nginx/')) place(join(root, path), file.text);
      continue;
    }
    const rendered = relative('etc/nginx/templates', path).replace(/\.template$/, '');
    place(join(etc, 'conf.d', rendered), renderTemplate(file.text, env));
  }
  mkdirSync(join(etc, 'routes'), { recursive: true });
  if (opts.routes) place(join(etc, 'routes', 'compose.conf'), opts.routes);
  const temp = join(root, 'cache');
  // The official image's nginx.conf, with this prefix's paths.
  const main = join(root, 'nginx.conf');
  writeFileSync(
    main,
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${root}/nginx.pid;`,
      'error_log stderr notice;',
      'events { worker_connections 256; }',
      'http {',
      `  include ${nginx.mimeTypes};`,
      '  default_type application/octet-stream;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((k) => `  ${k}_temp_path ${temp}/${k};`),
      '  sendfile on;',
      '  keepalive_timeout 65;',
      `  include ${etc}/conf.d/*.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  mkdirSync(temp, { recursive: true });
  return { command: nginx.binary, args: ['-e', 'stderr', '-p', root, '-c', main], accessLog };
}

/** The image's HEALTHCHECK command with the port it was moved to. */
export function webHealthcheck(dockerfileArgs: string, port: number): string[] {
  const command = JSON.parse(dockerfileArgs.slice(dockerfileArgs.indexOf('['))) as string[];
  return command.map((part) => part.replace('127.0.0.1:8080', `127.0.0.1:${port}`));
}
