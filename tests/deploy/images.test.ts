import { spawnSync } from 'node:child_process';
import { accessSync, constants, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMPONENTS, type Component, parseDockerfile, read, repoRoot, stageEnv } from './support.ts';

const localStack = read('infra/platform/src/start-platform.ts');

function image(component: Component) {
  const { stages } = parseDockerfile(read(`${component.dir}/Dockerfile`));
  const final = stages.at(-1);
  if (!final) throw new Error(`${component.dir}/Dockerfile has no stage`);
  const entrypoint = final.instructions.filter((i) => i.op === 'ENTRYPOINT').at(-1);
  // Absolute in the image (WORKDIR /app is the repository root there).
  const script = ((JSON.parse(entrypoint?.args ?? '[]') as string[])[0] ?? '').replace(/^\/app\//, '');
  return { stages, final, script, env: stageEnv(final) };
}

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

describe.each(COMPONENTS)('image of $name ($dir/Dockerfile)', (component) => {
  const { stages, final, script, env } = image(component);

  it('is multi-stage, runs as a non-root user and has a HEALTHCHECK', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const user = final.instructions.filter((i) => i.op === 'USER').at(-1)?.args;
    expect(user).toBeDefined();
    expect(['root', '0', '0:0']).not.toContain(user);
    const healthcheck = final.instructions.find((i) => i.op === 'HEALTHCHECK');
    expect(healthcheck?.args).toMatch(/CMD \["node", "\/app\/infra\/docker\/healthcheck\.mjs"\]/);
    expect(
      final.instructions.some((i) => i.op === 'COPY' && i.args.includes('infra/docker/healthcheck.mjs')),
    ).toBe(true);
    expect(env.HEALTHCHECK_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/(readyz|health)$/);
  });

  it('is configured by the environment only: no secret baked in, production mode', () => {
    expect(env.NODE_ENV).toBe('production');
    for (const name of Object.keys(env)) expect(name).not.toMatch(/SECRET|PASSWORD|TOKEN|KEY/);
    for (const stage of stages) {
      for (const i of stage.instructions) expect(i.op, `${i.op} ${i.args}`).not.toBe('ARG');
    }
  });

  it('starts through an entrypoint script that exists, is executable and is copied into the image', () => {
    expect(script).toBe(`${component.dir}/docker-entrypoint.sh`);
    // The image's layout is the repository's, rooted at /app.
    expect(final.instructions.filter((i) => i.op === 'WORKDIR').at(-1)?.args).toBe('/app');
    accessSync(join(repoRoot, script), constants.X_OK);
    const copy = final.instructions.find((i) => i.op === 'COPY' && i.args === `${script} ./${script}`);
    expect(copy, `COPY ${script} ./${script}`).toBeDefined();
    const syntax = spawnSync('sh', ['-n', join(repoRoot, script)]);
    expect(syntax.status, String(syntax.stderr)).toBe(0);
  });

  if (component.kind === 'node') {
    it('compiles the same server module the local stack runs, and the script starts that', () => {
      const source = `${component.dir}/src/server.ts`;
      if (component.name === 'razorpay-sandbox') {
        // The local stack starts the sandbox in process; `npm start -w` runs this module.
        expect(read(`${component.dir}/package.json`)).toContain('"start": "tsx src/server.ts"');
      } else {
        const parts = source.split('/').map((p) => `'${p}'`);
        expect(localStack).toContain(
          component.dir === 'gateway'
            ? `args: [...tsxLoader(), join(repoRoot, ${parts.join(', ')})]`
            : `args: [...heapFlags(name, env), ...tsxLoader(), join(repoRoot, 'services', name, 'src', 'server.ts')]`,
        );
      }
      const build = stages
        .flatMap((s) => s.instructions)
        .find((i) => i.op === 'RUN' && i.args.includes('build-server.mjs'));
      expect(build?.args).toMatch(
        new RegExp(`^node infra/docker/build-server\\.mjs ${component.dir}( --bundle-all)?$`),
      );
      // A bounded heap is the only other flag, with its variable as the local stack reads it.
      expect(read(script)).toMatch(
        new RegExp(
          `\\nexec node --enable-source-maps (--max-old-space-size="\\$\\{[A-Z]+_HEAP_MB:-\\d+\\}" )?${component.dir}/dist/server\\.mjs "\\$@"\\n`,
        ),
      );
      expect(
        final.instructions.some((i) => i.op === 'COPY' && i.args.includes(`${component.dir}/dist`)),
      ).toBe(true);
    });

    it('ships production dependencies only, and they cover everything the compiled server imports', () => {
      const bundleAll = stages.some((s) => s.instructions.some((i) => i.args.includes('--bundle-all')));
      const result = spawnSync(
        process.execPath,
        ['infra/docker/build-server.mjs', component.dir, ...(bundleAll ? ['--bundle-all'] : [])],
        { cwd: repoRoot, encoding: 'utf8' },
      );
      expect(result.status, result.stderr).toBe(0);
      const imports = externalPackages(component.dir);
      if (bundleAll) {
        expect(imports).toEqual([]);
        expect(final.instructions.some((i) => i.args.includes('node_modules'))).toBe(false);
        return;
      }
      const prodDeps = stages.find((s) => s.name === 'prod-deps');
      expect(prodDeps?.instructions.find((i) => i.op === 'RUN')?.args).toContain(
        `npm ci --omit=dev --ignore-scripts --no-audit --no-fund --workspace ${component.dir}`,
      );
      const modules = final.instructions.filter((i) => i.args.includes('node_modules'));
      expect(modules.map((i) => i.args)).toEqual(['--from=prod-deps /app/node_modules ./node_modules']);
      const closure = dependencyClosure(component.dir);
      for (const name of imports) expect([...closure], `${component.dir} imports ${name}`).toContain(name);
    });
  } else {
    it('builds the app and serves its dist/ with the static server', () => {
      const build = stages
        .flatMap((s) => s.instructions)
        .find((i) => i.op === 'RUN' && i.args.startsWith('npm run build'));
      expect(build?.args).toBe(`npm run build --workspace ${component.dir}`);
      expect(env.STATIC_ROOT).toBe(`${component.dir}/dist`);
      expect(env.APP_NAME).toBe(component.name);
      expect(read(script)).toContain('\nexec node infra/docker/static-server/server.mjs "$@"\n');
      expect(final.instructions.some((i) => i.args.includes('node_modules'))).toBe(false);
      if (component.name === 'host') {
        expect(env.SPA_FALLBACK).toBe('1');
        expect(env.APP_CONFIG).toBe('1');
      } else {
        expect(env.BASE_PATH).toBe(`/${component.dir.replace('mfe-', 'mf/')}/`);
      }
    });
  }
});
