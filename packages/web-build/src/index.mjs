// Shared rspack configuration of the host shell and the remotes.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack } from '@rspack/core';
import { tsImport } from 'tsx/esm/api';
import { PrecompressPlugin } from './precompress.mjs';

const require = createRequire(import.meta.url);

/** The platform registry (TypeScript, loaded through tsx): which apps exist, their ports and exposes. */
const { GATEWAY, HOST, REMOTES } = await tsImport('@liveedu/platform-registry', import.meta.url);

/** The dependencies every federated app shares as one copy: a second React gives "invalid hook call". */
export const SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'react-router',
  'react-redux',
  '@reduxjs/toolkit',
  'styled-components',
  // One cache for the whole page: the host's QueryClient reaches every remote through this copy's context.
  '@tanstack/react-query',
];

function versionOf(pkg) {
  const name = pkg.startsWith('@') ? pkg.split('/').slice(0, 2).join('/') : pkg.split('/')[0];
  return require(`${name}/package.json`).version;
}

/**
 * Singletons provided from a trimmed module instead of the package's whole entry. A provided
 * shared module cannot be tree-shaken (the build cannot know what other apps will import from
 * it), so all of react-router (server rendering, framework mode, sessions, cookies) and all of
 * the toolkit would ship on every page. Each trimmed module re-exports only the APIs the apps
 * use; every app provides it, and falls back to it, under the package's own share key and
 * version. Apps keep importing 'react-router', '@reduxjs/toolkit' and '@tanstack/react-query' and still get one copy at
 * run time. See docs/adr/0004-trimmed-shared-singletons.md.
 */
export const TRIMMED_SINGLETONS = {
  'react-router': '@liveedu/router',
  '@reduxjs/toolkit': '@liveedu/redux-toolkit',
  '@tanstack/react-query': '@liveedu/react-query',
};

/**
 * A trimmed module reaches its package as `<trimmed>/upstream`, a request the federation build
 * does not take for the shared package itself (which would make the module consume itself).
 * react-router's package entry is its development build (dev warnings, the "Hey developer"
 * error screen); production builds take the production build the package ships beside it.
 */
function trimmedAliases(production) {
  const aliases = {};
  for (const [pkg, trimmed] of Object.entries(TRIMMED_SINGLETONS)) aliases[`${trimmed}/upstream$`] = pkg;
  const routerDir = path.dirname(require.resolve('react-router/package.json'));
  const routerBuild = path.join(routerDir, 'dist', production ? 'production' : 'development', 'index.mjs');
  if (existsSync(routerBuild)) aliases['@liveedu/router/upstream$'] = routerBuild;
  return aliases;
}

/** The federation runtime's packages, which the plugin requests by their CommonJS builds. */
const FEDERATION_RUNTIME_PACKAGES = [
  '@module-federation/webpack-bundler-runtime',
  '@module-federation/runtime',
  '@module-federation/runtime-tools',
  '@module-federation/runtime-core',
  '@module-federation/inject-external-runtime-core-plugin',
];

/**
 * The federation plugin injects its runtime by the CommonJS file Node resolves
 * (`dist/index.cjs`), which the build cannot tree-shake: every page shipped all of it (snapshot
 * and preload handling, Node script loading). Each package ships an ES module build beside it;
 * taking that one instead lets the build keep only what runs, about 15 kB (min+gz) off the home
 * page (docs/adr/0014).
 */
function federationRuntimeAliases() {
  const aliases = {};
  for (const pkg of FEDERATION_RUNTIME_PACKAGES) {
    const commonJs = require.resolve(pkg);
    const esModule = commonJs.replace(/\.cjs$/, '.js');
    aliases[commonJs] = esModule;
    aliases[`${pkg}$`] = esModule;
  }
  return aliases;
}

export function sharedConfig() {
  return Object.fromEntries(
    SINGLETONS.map((name) => {
      const config = { singleton: true, requiredVersion: `^${versionOf(name)}` };
      const trimmed = TRIMMED_SINGLETONS[name];
      if (trimmed) Object.assign(config, { import: require.resolve(trimmed), version: versionOf(name) });
      return [name, config];
    }),
  );
}

/**
 * The host's run-time config when every remote runs its own dev server
 * (`LIVEEDU_DEV_REMOTES=1`), instead of the gateway's, which points at `/mf/<name>/`.
 */
export function devAppConfig() {
  return {
    apiBaseUrl: '/',
    remotes: Object.fromEntries(
      REMOTES.map((remote) => [remote.name, `http://localhost:${remote.devPort}/mf-manifest.json`]),
    ),
  };
}

/** The registry's entry of a front-end app: the host or a remote. */
function appEntry(name) {
  const app = name === HOST.name ? HOST : REMOTES.find((remote) => remote.name === name);
  if (!app) throw new Error(`${name} is neither the host nor a remote of the platform registry`);
  return app;
}

const GATEWAY_URL = process.env.LIVEEDU_GATEWAY_URL ?? `http://localhost:${GATEWAY.port}`;

/**
 * The title, dev port and (for a remote) exposed modules come from the app's registry entry.
 * @param {object} options
 * @param {string} options.root            the workspace folder (import.meta.dirname of its rspack config)
 * @param {string} options.name            registry name: host, or a remote's (catalog, learner, ...)
 * @param {string[]} [options.runtimePlugins]       federation runtime plugins (host)
 * @param {(app: unknown) => void} [options.devMiddleware] extra dev-server routes
 */
export function createWebConfig(options, argv = {}) {
  const production = argv.mode === 'production' || process.env.NODE_ENV === 'production';
  const app = appEntry(options.name);
  const exposes = app.exposes;
  const isRemote = Boolean(exposes);
  const port = app.devPort;

  return {
    name: options.name,
    context: options.root,
    mode: production ? 'production' : 'development',
    devtool: production ? false : 'cheap-module-source-map',
    entry: { main: './src/index.ts' },
    target: ['web', 'es2022'],
    output: {
      path: path.join(options.root, 'dist'),
      // The host's page is served for every client-side route (/courses/x, /profile/todo), so its
      // files need absolute URLs; remotes are found through their manifest wherever they live.
      publicPath: isRemote ? 'auto' : process.env.LIVEEDU_HOST_PUBLIC_PATH || '/',
      uniqueName: `liveedu_${options.name}`,
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      alias: { ...trimmedAliases(production), ...federationRuntimeAliases() },
    },
    module: {
      rules: [
        {
          test: /\.(ts|tsx)$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: {
                react: { runtime: 'automatic', development: !production, refresh: false },
              },
              // Styled components get an id from their file and place instead of from the order
              // they were created in, so the server's HTML and the browser's classes agree when
              // a page hydrates (ADR 13).
              experimental: {
                plugins: [
                  [require.resolve('@swc/plugin-styled-components'), { ssr: true, displayName: !production }],
                ],
              },
            },
            env: { targets: 'chrome >= 111, edge >= 111, firefox >= 111, safari >= 16.4' },
          },
          type: 'javascript/auto',
        },
        { test: /\.(png|jpe?g|svg|webp|gif)$/i, type: 'asset/resource' },
      ],
    },
    plugins: [
      new rspack.HtmlRspackPlugin({
        template: path.join(import.meta.dirname, 'template.ejs'),
        templateParameters: { title: app.title },
        favicon: path.join(import.meta.dirname, 'favicon.svg'),
        // A remote's own page is for standalone development; the host never loads it.
        filename: 'index.html',
      }),
      new rspack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'),
      }),
      new ModuleFederationPlugin({
        name: options.name,
        ...(isRemote ? { filename: 'remoteEntry.js', exposes } : {}),
        remotes: {},
        shared: sharedConfig(),
        shareStrategy: 'loaded-first',
        runtimePlugins: options.runtimePlugins ?? [],
        manifest: isRemote ? { fileName: 'mf-manifest.json' } : false,
        dts: false,
        dev: { disableDynamicRemoteTypeHints: true },
        // The host ships the federation runtime once; remotes reuse it instead of bundling a copy.
        // The runtime runs in browsers only: its Node script loading is left out.
        experiments: {
          ...(isRemote ? { externalRuntime: true } : { provideExternalRuntime: true }),
          optimization: { target: 'web' },
        },
      }),
      ...(production ? [new PrecompressPlugin()] : []),
    ],
    optimization: {
      minimize: production,
      moduleIds: production ? 'deterministic' : 'named',
    },
    performance: { hints: false },
    devServer: {
      port,
      host: 'localhost',
      historyApiFallback: true,
      hot: false,
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: [
        {
          // The gateway's paths (/api, /api2, /files) and the run-time config it answers locally.
          context: [...GATEWAY.publicPaths.map((p) => p.replace(/\/$/, '')), '/app-config.json'],
          target: GATEWAY_URL,
          changeOrigin: true,
        },
      ],
      ...(options.devMiddleware
        ? {
            setupMiddlewares: (middlewares, server) => {
              options.devMiddleware(server.app);
              return middlewares;
            },
          }
        : {}),
    },
  };
}

/** Where an app's server build goes, beside its browser files (deployed with them). */
export const SERVER_BUILD_DIR = 'server';
export const SERVER_BUILD_FILE = 'render.cjs';

/**
 * The dependencies the server build takes from the Node process that loads it, as the browser
 * takes the singletons from the page: one React, one styled-components sheet, one QueryClient
 * context for the host's server render and a remote's pages.
 */
const SERVER_EXTERNALS = [...SINGLETONS, 'react-dom/server', 'react-dom/static', 'react/jsx-dev-runtime'];

/**
 * The build of an app's server entry (`src/server.tsx`) for Node: one CommonJS file under
 * `dist/server/`, the singletons required from the process that loads it. The host's renders a
 * public page; a remote's gives the host its pages to render (docs/adr/0013).
 * @param {object} options
 * @param {string} options.root  the workspace folder
 * @param {string} options.name  registry name: host, or a remote's
 */
export function createServerConfig(options, argv = {}) {
  const production = argv.mode === 'production' || process.env.NODE_ENV === 'production';
  const browser = createWebConfig(options, argv);
  return {
    name: `${options.name}-server`,
    // After the browser build, which empties dist/ first.
    dependencies: [options.name],
    context: options.root,
    mode: browser.mode,
    devtool: false,
    entry: { render: './src/server.tsx' },
    target: ['node20'],
    output: {
      path: path.join(options.root, 'dist', SERVER_BUILD_DIR),
      filename: SERVER_BUILD_FILE,
      library: { type: 'commonjs2' },
      clean: true,
    },
    externals: Object.fromEntries(SERVER_EXTERNALS.map((name) => [name, `commonjs ${name}`])),
    externalsType: 'commonjs',
    resolve: { ...browser.resolve, alias: {} },
    module: {
      rules: [
        {
          ...browser.module.rules[0],
          options: {
            ...browser.module.rules[0].options,
            env: { targets: 'node >= 20' },
          },
        },
      ],
    },
    plugins: [
      new rspack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'),
      }),
      // One file: the loader downloads a remote's server build as it is, with no chunks beside it.
      new rspack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    ],
    optimization: { minimize: false, splitChunks: false },
    performance: { hints: false },
  };
}
