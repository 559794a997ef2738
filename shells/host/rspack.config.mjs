import { fileURLToPath } from 'node:url';
import { createServerConfig, createWebConfig, devAppConfig } from '@liveedu/web-build';

// With LIVEEDU_DEV_REMOTES=1 the dev server answers /app-config.json itself and points the
// remotes at their own dev servers, so the shell runs without the gateway serving the remotes.
const devRemotes = process.env.LIVEEDU_DEV_REMOTES === '1';

// A production build also writes the server build that renders public pages (ADR 13).
export default (_env, argv) => {
  const options = {
    root: import.meta.dirname,
    name: 'host',
    runtimePlugins: [fileURLToPath(import.meta.resolve('@liveedu/remote-loader/fallback-plugin'))],
    devMiddleware: devRemotes
      ? (app) => {
          app.get('/app-config.json', (_req, res) => res.json(devAppConfig()));
        }
      : undefined,
  };
  const browser = createWebConfig(options, argv);
  return argv.mode === 'production' ? [browser, createServerConfig(options, argv)] : browser;
};
