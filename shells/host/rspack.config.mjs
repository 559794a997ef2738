import { fileURLToPath } from 'node:url';
import { createWebConfig, devAppConfig } from '@liveedu/web-build';

// With LIVEEDU_DEV_REMOTES=1 the dev server answers /app-config.json itself and points the
// remotes at their own dev servers, so the shell runs without the gateway serving the remotes.
const devRemotes = process.env.LIVEEDU_DEV_REMOTES === '1';

export default (_env, argv) =>
  createWebConfig(
    {
      root: import.meta.dirname,
      name: 'host',
      runtimePlugins: [fileURLToPath(import.meta.resolve('@liveedu/remote-loader/fallback-plugin'))],
      devMiddleware: devRemotes
        ? (app) => {
            app.get('/app-config.json', (_req, res) => res.json(devAppConfig()));
          }
        : undefined,
    },
    argv,
  );
