import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { layoutProblems, longRouteFunctions, MAX_ROUTE_FUNCTION_LINES } from './service-layout.ts';

const repoRoot = join(import.meta.dirname, '..', '..');
const services = readdirSync(join(repoRoot, 'services')).sort();

describe('every service follows docs/service-layout.md', () => {
  it.each(services)('%s: every file in src has its place', (service) => {
    expect(layoutProblems(join(repoRoot, 'services', service, 'src'))).toEqual([]);
  });

  it.each(services)(`%s: no function in a routes.ts is over ${MAX_ROUTE_FUNCTION_LINES} lines`, (service) => {
    const src = join(repoRoot, 'services', service, 'src');
    const routeFiles = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('/routes.ts'))
      .map((file) => join(src, file));
    expect(routeFiles.length).toBeGreaterThan(0);
    expect(routeFiles.flatMap((file) => longRouteFunctions(file, repoRoot))).toEqual([]);
  });

  it(`the gateway: no function in its route plugins is over ${MAX_ROUTE_FUNCTION_LINES} lines`, () => {
    const plugins = join(repoRoot, 'gateway', 'src', 'plugins');
    const files = readdirSync(plugins)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => join(plugins, file));
    expect(files.flatMap((file) => longRouteFunctions(file, repoRoot))).toEqual([]);
  });
});

describe('the layout check', () => {
  const made: string[] = [];
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });
  const tree = (files: Record<string, string>) => {
    const dir = mkdtempSync(join(tmpdir(), 'layout-'));
    made.push(dir);
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), text);
    }
    return dir;
  };

  it('names each file outside the layout', () => {
    const src = tree({
      'app.ts': '',
      'config.ts': '',
      'orders/routes.ts': '',
      'orders/store.ts': '',
      'orders/domain.test.ts': '',
      'orders/price-rules.ts': '',
      'store.ts': '',
      'routes/orders/index.ts': '',
      'orders/utils.ts': '',
      'orders/old/legacy.ts': '',
    });
    expect(layoutProblems(src)).toEqual([
      'orders/old/: a feature folder holds files only, no folders',
      'orders/utils.ts: name the module for its job (routes, store, handlers, domain or what it does)',
      'routes/: a folder is a feature, not a kind of code',
      'store.ts: only app.ts, config.ts, server.ts, index.ts sit at the top of src; put it in a feature folder',
    ]);
  });

  it('names a long function in a routes.ts with its line and length', () => {
    const long = Array.from({ length: MAX_ROUTE_FUNCTION_LINES }, (_, i) => `  const v${i} = ${i};`).join(
      '\n',
    );
    const src = tree({
      'orders/routes.ts': `export default async function orderRoutes() {\n  const short = () => 1;\n${long}\n}\n`,
    });
    expect(longRouteFunctions(join(src, 'orders/routes.ts'), src)).toEqual([
      `orders/routes.ts:1 orderRoutes (${MAX_ROUTE_FUNCTION_LINES + 3} lines)`,
    ]);
  });
});
