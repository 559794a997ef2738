import { fileURLToPath } from 'node:url';
import { createWebConfig, DEV_PORTS } from '@liveedu/web-build';

// With LIVEEDU_DEV_REMOTES=1 the dev server answers /app-config.json itself and points the
// remotes at their own dev servers, so the shell runs without the gateway serving the remotes.
const devRemotes = process.env.LIVEEDU_DEV_REMOTES === '1';

export default (_env, argv) =>
  createWebConfig(
    {
      root: import.meta.dirname,
      name: 'host',
      title: 'LiveEdu',
      runtimePlugins: [fileURLToPath(import.meta.resolve('@liveedu/remote-loader/fallback-plugin'))],
      devMiddleware: devRemotes
        ? (app) => {
            app.get('/app-config.json', (_req, res) => {
              const remotes = Object.fromEntries(
                ['catalog', 'learner', 'tutor', 'admin'].map((n) => [
                  n,
                  `http://localhost:${DEV_PORTS[n]}/mf-manifest.json`,
                ]),
              );
              res.json({ apiBaseUrl: '/', remotes });
            });
          }
        : undefined,
    },
    argv,
  );
