import { spawnSync } from 'node:child_process';
import { accessSync, constants, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appEnv, webFiles } from '@liveedu/deploy';
import { REMOTE_NAMES, remoteManifestPath } from '@liveedu/platform-registry';
import { describe, expect, it } from 'vitest';
import {
  COMPONENTS,
  type Component,
  DOCKERFILE,
  exists,
  imageStage,
  parseDockerfile,
  parseEnvFile,
  read,
  repoRoot,
  stageEnv,
} from './support.ts';

const { args, stages } = parseDockerfile(read(DOCKERFILE));
const stage = (name: string) => stages.find((s) => s.name === name);
const runs = (name: string) =>
  (stage(name)?.instructions ?? []).filter((i) => i.op === 'RUN').map((i) => i.args);
const servers = COMPONENTS.filter((c) => c.kind === 'server');
const webApps = COMPONENTS.filter((c) => c.kind === 'web');

/** Names of the third-party packages a compiled server imports at run time. */
function externalPackages(dir: string): string[] {
  const meta = JSON.parse(readFileSync(join(repoRoot, dir, 'dist', 'server.meta.json'), 'utf8')) as {
    outputs: Record<string, { imports: { path: string; external?: boolean }[] }>;
  };
  const output = Object.entries(meta.outputs).find(([file]) => file.endsWith('server.mjs'))?.[1];
  const names = new Set<string>();
  for (const { path, external } of output?.imports ?? []) {
    if (!external || path.startsWith('node:') || builtinModules.includes(path)) continue;
    const parts = path.split('/');
    names.add(path.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] as string));
  }
  return [...names].sort();
}

/** Production dependencies a workspace brings, with those of the workspace packages it uses. */
function dependencyClosure(dir: string): Set<string> {
  const workspaces = new Map<string, string>();
  const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { name?: string }> };
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (entry.name?.startsWith('@liveedu/') && !path.includes('node_modules'))
      workspaces.set(entry.name, path);
  }
  const seen = new Set<string>();
  const out = new Set<string>();
  const visit = (workspaceDir: string) => {
    if (seen.has(workspaceDir)) return;
    seen.add(workspaceDir);
    const pkg = JSON.parse(read(`${workspaceDir}/package.json`)) as { dependencies?: Record<string, string> };
    for (const name of Object.keys(pkg.dependencies ?? {})) {
      const local = workspaces.get(name);
      if (local) visit(local);
      else out.add(name);
    }
  };
  visit(dir);
  return out;
}

describe('infra/docker/Dockerfile: one template for every image', () => {
  it('is the only Dockerfile and entrypoint script: no component keeps its own copy', () => {
    const tracked = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
      cwd: repoRoot,
      encoding: 'utf8',
    }).stdout.split('\n');
    expect(tracked.filter((f) => /(^|\/)Dockerfile$/.test(f))).toEqual([DOCKERFILE]);
    expect(tracked.filter((f) => f.endsWith('docker-entrypoint.sh'))).toEqual([]);
    expect(exists('infra/docker/static-server')).toBe(false);
  });

  it('takes the component as its one build argument, pinned base images, and a target per kind', () => {
    expect(args.NODE_IMAGE).toMatch(/^node:\d+\.\d+\.\d+-bookworm-slim$/);
    expect(args.NGINX_IMAGE).toMatch(/^nginx:\d+\.\d+\.\d+/);
    expect(stage('server')?.from).toBe(args.NODE_IMAGE);
    // The official nginx image, as it is: its entrypoint renders the templates from the environment.
    expect(stage('web')?.from).toBe(args.NGINX_IMAGE);
    expect(stage('web')?.instructions.some((i) => i.op === 'ENTRYPOINT')).toBe(false);
    const argsUsed = stages.flatMap((s) => s.instructions.filter((i) => i.op === 'ARG').map((i) => i.args));
    expect([...new Set(argsUsed)]).toEqual(['APP']);
    expect(runs('profile').join()).toContain('infra/deploy/src/image-profile-cli.ts "${APP:?');
  });

  it.each(['server', 'web'] as const)(
    '%s: runs as a non-root user, with a HEALTHCHECK and no secret in ENV',
    (kind) => {
      const final = stage(kind);
      const user = final?.instructions.filter((i) => i.op === 'USER').at(-1)?.args;
      expect(user).toBeDefined();
      expect(['root', '0', '0:0']).not.toContain(user);
      expect(final?.instructions.find((i) => i.op === 'HEALTHCHECK')?.args).toMatch(/ CMD \[/);
      const env = stageEnv(final as never);
      for (const name of Object.keys(env)) expect(name).not.toMatch(/SECRET|PASSWORD|TOKEN|KEY/);
      if (kind === 'server') expect(env.NODE_ENV).toBe('production');
      if (kind === 'server') expect(env.MALLOC_ARENA_MAX).toBe('2');
    },
  );

  it('server: starts through its entrypoint script, which exists, is executable, parses and is copied', () => {
    const final = stage('server');
    const entrypoint = final?.instructions.filter((i) => i.op === 'ENTRYPOINT').at(-1);
    const script = ((JSON.parse(entrypoint?.args ?? '[]') as string[])[0] ?? '').replace(/^\/app\//, '');
    expect(script).toBe('infra/docker/server-entrypoint.sh');
    expect(final?.instructions.filter((i) => i.op === 'WORKDIR').at(-1)?.args).toBe('/app');
    accessSync(join(repoRoot, script), constants.X_OK);
    expect(final?.instructions.some((i) => i.op === 'COPY' && i.args.includes(script))).toBe(true);
    const syntax = spawnSync('sh', ['-n', join(repoRoot, script)]);
    expect(syntax.status, String(syntax.stderr)).toBe(0);
    expect(final?.instructions.find((i) => i.op === 'HEALTHCHECK')?.args).toContain(
      'CMD ["node", "/app/infra/docker/healthcheck.mjs"]',
    );
    // Production dependencies only, from the stage that installs those of the one workspace.
    const modules = final?.instructions.filter((i) => i.args.includes('node_modules')).map((i) => i.args);
    expect(modules).toEqual(['--from=prod-deps /app/node_modules ./node_modules']);
    expect(runs('prod-deps').join()).toContain(
      'npm ci --omit=dev --ignore-scripts --no-audit --no-fund --workspace "$APP_DIR"',
    );
    expect(runs('build-server').join()).toContain(
      `node infra/docker/build-server.mjs "$APP_DIR" \${BUNDLE_ALL:+--bundle-all}`,
    );
  });

  it('web: only the built files and the committed nginx configuration, nothing of Node', () => {
    const final = stage('web');
    expect(runs('build-web').join()).toContain('npm run build --workspace "$APP_DIR"');
    const copies = final?.instructions.filter((i) => i.op === 'COPY').map((i) => i.args);
    expect(copies).toEqual([
      '--from=profile /profile/root/ /',
      '--from=build-web /dist/ /usr/share/nginx/html/',
    ]);
    expect(final?.instructions.find((i) => i.op === 'HEALTHCHECK')?.args).toContain(
      'http://127.0.0.1:8080/readyz',
    );
  });
});

/** What server-entrypoint.sh runs for a profile and environment: `node` replaced by an echo. */
function entrypointCommand(component: Component, env: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'liveedu-entrypoint-'));
  try {
    writeFileSync(join(dir, 'app.env'), appEnv(component));
    writeFileSync(join(dir, 'node'), '#!/bin/sh\necho "node $*"\n', { mode: 0o755 });
    const result = spawnSync('sh', [join(repoRoot, 'infra/docker/server-entrypoint.sh')], {
      env: { PATH: `${dir}:${process.env.PATH}`, APP_PROFILE: join(dir, 'app.env'), ...env },
      encoding: 'utf8',
    });
    expect(result.status, result.stderr).toBe(0);
    return result.stdout.trim();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.each(servers)('server image of $name', (component: Component) => {
  const profile = parseEnvFile(appEnv(component));

  it('starts its compiled server, with its heap bound unless its variable moves it', () => {
    const server = `${component.dir}/dist/server.mjs`;
    if (!component.heapMb) {
      expect(entrypointCommand(component)).toBe(`node ${server}`);
      return;
    }
    expect(entrypointCommand(component)).toBe(`node --max-old-space-size=${component.heapMb} ${server}`);
    expect(entrypointCommand(component, { [component.heapVariable as string]: '300' })).toBe(
      `node --max-old-space-size=300 ${server}`,
    );
  });

  it('its profile names the folder, port, health path and heap bound the registry gives', () => {
    expect(profile.APP_DIR).toBe(component.dir);
    expect(profile.APP_KIND).toBe('server');
    expect(profile.PORT_VARIABLE).toBe(component.portVariable);
    expect(Number(profile.DEFAULT_PORT)).toBe(component.port);
    expect(profile.HEALTH_PATH).toBe(component.healthPath);
    expect(profile.DEFAULT_HEAP_MB).toBe(component.heapMb ? String(component.heapMb) : '');
    expect(exists(`${component.dir}/src/server.ts`)).toBe(true);
  });

  it('ships production dependencies that cover everything the compiled server imports', () => {
    const bundleAll = profile.BUNDLE_ALL === '1';
    const result = spawnSync(
      process.execPath,
      ['infra/docker/build-server.mjs', component.dir, ...(bundleAll ? ['--bundle-all'] : [])],
      { cwd: repoRoot, encoding: 'utf8' },
    );
    expect(result.status, result.stderr).toBe(0);
    const imports = externalPackages(component.dir);
    if (bundleAll) {
      expect(imports).toEqual([]);
      return;
    }
    const closure = dependencyClosure(component.dir);
    for (const name of imports) expect([...closure], `${component.dir} imports ${name}`).toContain(name);
  });
});

describe.each(webApps)('web image of $name', (component: Component) => {
  const files = webFiles(component);

  it("renders its role's committed nginx template, with the shared caching rules", () => {
    const role = component.role === 'host' ? 'host' : 'remote';
    expect(files['etc/nginx/templates/default.conf.template']?.text).toBe(
      read(`infra/nginx/${role}.conf.template`),
    );
    expect(files['etc/nginx/liveedu/static-files.conf']?.text).toBe(read('infra/nginx/static-files.conf'));
    expect(files['docker-entrypoint.d/15-liveedu-defaults.envsh']?.mode).toBe(0o755);
    expect(imageStage(component).name).toBe('web');
  });

  if (component.role === 'host') {
    it('answers /app-config.json with every remote of the registry, each from its own variable', () => {
      const template = files['etc/nginx/templates/liveedu/app-config.conf.template']?.text ?? '';
      const defaults = files['docker-entrypoint.d/15-liveedu-defaults.envsh']?.text ?? '';
      for (const name of REMOTE_NAMES) {
        const variable = `MFE_${name.toUpperCase()}_URL`;
        expect(template).toContain(`"${name}":"\${${variable}}"`);
        expect(defaults).toContain(`: "\${${variable}:=${remoteManifestPath(name)}}"; export ${variable}`);
      }
    });
  }
});
