#!/usr/bin/env node
// Compiles one Node workspace (a service, the gateway or the Razorpay sandbox) for its image and
// for the local platform (`npm start`, the browser tests and the bench run the same file):
// `<workspace>/src/server.ts` becomes `<workspace>/dist/server.mjs`. Our own workspace packages (@liveedu/*, which export TypeScript
// sources) are compiled into the file; third-party packages stay external and are loaded from the
// image's production node_modules, so native modules (sharp) and optional drivers keep working.
//
// usage: node infra/docker/build-server.mjs <workspace dir> [--bundle-all]
//   --bundle-all  also compiles third-party packages in (for a workspace whose package.json does
//                 not list what it imports, so a production install would miss it).
import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

const [dir, flag] = process.argv.slice(2);
if (!dir) {
  process.stderr.write('usage: node infra/docker/build-server.mjs <workspace dir> [--bundle-all]\n');
  process.exit(2);
}
const root = resolve(import.meta.dirname, '..', '..');
const entry = join(root, dir, 'src', 'server.ts');
if (!existsSync(entry)) {
  process.stderr.write(`build-server: ${entry} does not exist\n`);
  process.exit(1);
}
const bundleAll = flag === '--bundle-all';

/**
 * Pure JavaScript libraries used for a few functions each, compiled in so the file holds only
 * those: loaded whole from node_modules, date-fns alone is 2.7 MiB of heap in every process using it.
 */
const COMPILED_IN = new Set(['date-fns', '@date-fns/tz']);

/** Bare imports other than our own packages are left for Node to resolve at run time. */
const externalThirdParty = {
  name: 'external-third-party',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@liveedu/') || args.path.startsWith('node:')) return undefined;
      if (COMPILED_IN.has(args.path) || [...COMPILED_IN].some((name) => args.path.startsWith(`${name}/`)))
        return undefined;
      return { path: args.path, external: true };
    });
  },
};

const result = await build({
  entryPoints: [entry],
  outfile: join(root, dir, 'dist', 'server.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  // Positions only: a stack trace needs no copy of the sources, and Node keeps what it parses.
  sourcesContent: false,
  logLevel: 'warning',
  // Bundled CommonJS code may call require(); give the ES module one.
  banner: {
    js: "import { createRequire as __liveeduCreateRequire } from 'node:module'; const require = __liveeduCreateRequire(import.meta.url);",
  },
  metafile: true,
  // First in the file: stack traces name the TypeScript line, from this file's own map only.
  inject: [join(root, 'infra', 'docker', 'own-source-map.mjs')],
  plugins: bundleAll ? [] : [externalThirdParty],
});
// What the file imports at run time, for the check that production dependencies cover it.
writeFileSync(join(root, dir, 'dist', 'server.meta.json'), JSON.stringify(result.metafile));
process.stdout.write(`built ${join(dir, 'dist', 'server.mjs')}\n`);
