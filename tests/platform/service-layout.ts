/**
 * The checks of docs/service-layout.md that are about files rather than imports (those are
 * dependency-cruiser's): what may sit where in a service's `src/`, and how long a function in a
 * `routes.ts` may grow.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** The only files at the top of a service's `src/`. */
export const TOP_FILES = new Set(['app.ts', 'config.ts', 'server.ts', 'index.ts']);
/** Folders named for a kind of code rather than a feature. */
export const KIND_FOLDERS = new Set([
  'routes',
  'handlers',
  'domain',
  'store',
  'stores',
  'lib',
  'utils',
  'helpers',
  'common',
  'shared',
]);
/** Files inside a feature whose names say nothing about their job. */
export const VAGUE_FILES = new Set([
  'index.ts',
  'utils.ts',
  'helpers.ts',
  'types.ts',
  'common.ts',
  'misc.ts',
]);
/** How long a function in a routes.ts may be, in lines. */
export const MAX_ROUTE_FUNCTION_LINES = 80;

/** Every file under `src` that is outside the layout, with why; empty when it follows it. */
export function layoutProblems(src: string): string[] {
  const problems: string[] = [];
  for (const entry of readdirSync(src).sort()) {
    const path = join(src, entry);
    if (!statSync(path).isDirectory()) {
      if (!TOP_FILES.has(entry)) {
        problems.push(
          `${entry}: only ${[...TOP_FILES].join(', ')} sit at the top of src; put it in a feature folder`,
        );
      }
      continue;
    }
    if (KIND_FOLDERS.has(entry)) {
      problems.push(`${entry}/: a folder is a feature, not a kind of code`);
      continue;
    }
    for (const inner of readdirSync(path).sort()) {
      const file = `${entry}/${inner}`;
      if (statSync(join(path, inner)).isDirectory()) {
        problems.push(`${file}/: a feature folder holds files only, no folders`);
      } else if (!/^[a-z0-9-]+(\.test)?\.ts$/.test(inner)) {
        problems.push(`${file}: feature files are lower-case kebab-case .ts modules`);
      } else if (VAGUE_FILES.has(inner)) {
        problems.push(
          `${file}: name the module for its job (routes, store, handlers, domain or what it does)`,
        );
      }
    }
  }
  return problems;
}

/** Functions in a routes.ts longer than `MAX_ROUTE_FUNCTION_LINES`, as `file:line name (n lines)`. */
export function longRouteFunctions(file: string, root: string): string[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = end - start + 1;
      if (lines > MAX_ROUTE_FUNCTION_LINES) {
        const name = node.name && ts.isIdentifier(node.name) ? node.name.text : 'an inline function';
        found.push(`${relative(root, file)}:${start + 1} ${name} (${lines} lines)`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
