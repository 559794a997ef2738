import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

// Builds host and catalog in production mode unless the harness already did (LIVEEDU_WEB_BUILT=1).
beforeAll(() => {
  if (
    process.env.LIVEEDU_WEB_BUILT === '1' &&
    existsSync(path.join(root, 'mfe-catalog/dist/mf-manifest.json'))
  )
    return;
  for (const w of ['@liveedu/host', '@liveedu/mfe-catalog']) {
    execFileSync('npm', ['run', 'build', '-w', w], { cwd: root, stdio: 'pipe' });
  }
}, 180_000);

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
    ])
      expect(shared).toContainEqual([name, true]);
    expect(existsSync(path.join(root, 'mfe-catalog/dist', manifest.metaData.remoteEntry.name))).toBe(true);
  });

  it('emits a host page that loads hashed scripts', () => {
    const html = readFileSync(path.join(root, 'shells/host/dist/index.html'), 'utf8');
    expect(html).toMatch(/<script[^>]+src="[^"]*main\.[0-9a-f]{8}\.js"/);
  });

  it('keeps the home page initial JavaScript within the 200 kB budget', () => {
    const run = spawnSync('node', ['scripts/bundle-size.mjs', '--json'], { cwd: root, encoding: 'utf8' });
    const result = JSON.parse(run.stdout) as { totalKb: number; withinBudget: boolean };
    expect(result.totalKb).toBeGreaterThan(0);
    expect(result.withinBudget, `home page initial JS is ${result.totalKb.toFixed(1)} kB`).toBe(true);
  });
});
