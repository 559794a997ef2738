import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { buildFrontEnd } from '@liveedu/platform';
import { REMOTE_NAMES, remoteDir } from '@liveedu/platform-registry';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

// The production build every other test and `npm start` use: one build at a time across
// processes, and only of apps whose sources changed, so no test wipes files another is serving.
beforeAll(async () => {
  await buildFrontEnd({ log: () => {} });
}, 600_000);

describe('front-end production build', () => {
  it('emits the catalog manifest exposing ./app with the shared singletons', () => {
    const manifest = JSON.parse(readFileSync(path.join(root, 'mfe-catalog/dist/mf-manifest.json'), 'utf8'));
    expect(manifest.name).toBe('catalog');
    expect(manifest.exposes.map((e: { path: string }) => e.path)).toContain('./app');
    const shared = manifest.shared.map((s: { name: string; singleton: boolean }) => [s.name, s.singleton]);
    for (const name of [
      'react',
      'react-dom',
      'react-router',
      'react-redux',
      '@reduxjs/toolkit',
      'styled-components',
      '@tanstack/react-query',
    ])
      expect(shared).toContainEqual([name, true]);
    expect(existsSync(path.join(root, 'mfe-catalog/dist', manifest.metaData.remoteEntry.name))).toBe(true);
  });

  it('emits a host page that loads hashed scripts', () => {
    const html = readFileSync(path.join(root, 'shells/host/dist/index.html'), 'utf8');
    expect(html).toMatch(/<script[^>]+src="[^"]*main\.[0-9a-f]{8}\.js"/);
  });

  it('writes Brotli and gzip copies beside every text file worth compressing, each the same file', () => {
    for (const dir of ['shells/host', ...REMOTE_NAMES.map((name) => remoteDir(name))]) {
      const dist = path.join(root, dir, 'dist');
      const scripts = readdirSync(dist).filter((f) => /\.(js|html|json)$/.test(f));
      const large = scripts.filter((f) => statSync(path.join(dist, f)).size >= 4096);
      expect(large.length, dir).toBeGreaterThan(0);
      for (const file of large) {
        const original = readFileSync(path.join(dist, file));
        const br = readFileSync(path.join(dist, `${file}.br`));
        const gz = readFileSync(path.join(dist, `${file}.gz`));
        expect(br.length, file).toBeLessThan(original.length);
        expect(brotliDecompressSync(br).equals(original), file).toBe(true);
        expect(gunzipSync(gz).equals(original), file).toBe(true);
      }
    }
  });

  it('writes the server builds of the host and the catalog, requiring the shared packages, not bundling them', () => {
    for (const dir of ['shells/host', 'mfe-catalog']) {
      const build = readFileSync(path.join(root, dir, 'dist/server/render.cjs'), 'utf8');
      expect(build).toMatch(/require\("react"\)/);
      expect(build).toMatch(/require\("styled-components"\)/);
      expect(build).not.toContain('react.production');
    }
  });

  it('ships the production build of react-router, without its developer error screen', () => {
    const hostJs = readdirSync(path.join(root, 'shells/host/dist')).filter((f) => f.endsWith('.js'));
    const text = hostJs.map((f) => readFileSync(path.join(root, 'shells/host/dist', f), 'utf8')).join('\n');
    expect(text).toContain('Unexpected Application Error!');
    expect(text).not.toContain('Hey developer');
  });

  it('keeps the home page initial JavaScript within its budget', () => {
    const run = spawnSync('node', ['scripts/bundle-size.mjs', '--json'], { cwd: root, encoding: 'utf8' });
    const result = JSON.parse(run.stdout) as { totalKb: number; withinBudget: boolean };
    expect(result.totalKb).toBeGreaterThan(0);
    expect(result.withinBudget, `home page initial JS is ${result.totalKb.toFixed(1)} kB`).toBe(true);
  });
});

/**
 * The server builds' own files (`src/server.tsx`, `src/app/server/`): they run in Node, where the
 * packages themselves are required rather than the trimmed shared modules (ADR 13).
 */
const SERVER_ONLY = /(^|\/)src\/(server\.tsx|app\/server\/)/;
/** Support of component tests (fake servers, fixtures): never bundled. */
const TEST_SUPPORT = /\/testing\//;

/** Every front-end source file the browser runs, outside tests, as [path, text]. */
function frontEndSources(): [string, string][] {
  const out: [string, string][] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(full);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        const file = path.relative(root, full);
        if (!SERVER_ONLY.test(file) && !TEST_SUPPORT.test(file)) out.push([file, readFileSync(full, 'utf8')]);
      }
    }
  };
  for (const dir of [
    'shells',
    ...REMOTE_NAMES.map(remoteDir),
    'packages/ui',
    'packages/session',
    'packages/query',
    'packages/remote-loader',
  ])
    if (existsSync(path.join(root, dir))) walk(path.join(root, dir));
  return out;
}

/** The value names a module's `export { … } from` lists. */
function reExported(file: string): Set<string> {
  const text = readFileSync(path.join(root, file), 'utf8');
  const list = /export\s*\{([^}]*)\}\s*from/.exec(text)?.[1] ?? '';
  return new Set(
    list
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean),
  );
}

describe('trimmed shared singletons', () => {
  // The apps import 'react-router' and '@reduxjs/toolkit'; at run time they get the trimmed
  // modules, so a name those lack would be undefined in the browser.
  it.each([
    ['react-router', 'packages/router/src/index.ts'],
    ['@reduxjs/toolkit', 'packages/redux-toolkit/src/index.ts'],
    ['@tanstack/react-query', 'packages/react-query/src/index.ts'],
  ])('re-exports every value the front end imports from %s', (pkg, trimmed) => {
    const available = reExported(trimmed);
    expect(available.size).toBeGreaterThan(5);
    const missing: string[] = [];
    const importRe = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*'${pkg.replace('/', '\\/')}'`, 'g');
    for (const [file, text] of frontEndSources()) {
      for (const match of text.matchAll(importRe)) {
        for (const raw of (match[1] ?? '').split(',')) {
          const name = raw.trim();
          if (!name || name.startsWith('type ')) continue;
          const imported = name.split(/\s+as\s+/)[0] ?? name;
          if (!available.has(imported)) missing.push(`${file}: ${imported}`);
        }
      }
    }
    expect(missing, `add these to ${trimmed}`).toEqual([]);
  });
});
