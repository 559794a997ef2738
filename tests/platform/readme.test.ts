import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const repoRoot = join(import.meta.dirname, '..', '..');
const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');

/** The README is the map of the repository: short, and every place it links to is there. */
describe('README.md', () => {
  it('stays a map: at most 200 lines (method and figures live in docs/)', () => {
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(200);
  });

  it('links only to files and folders that exist', () => {
    const links = [...readme.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
      .map((match) => match[1] as string)
      .filter((target) => !/^[a-z]+:/.test(target));
    expect(links.length).toBeGreaterThan(0);
    expect(links.filter((target) => !existsSync(join(repoRoot, target)))).toEqual([]);
  });
});
