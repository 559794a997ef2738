import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { envPrefix, HOST, REMOTE_NAMES, remoteDir } from '@liveedu/platform-registry';
import closeWithGrace from 'close-with-grace';
import { buildGateway } from './app.ts';
import { loadGatewayConfig } from './config.ts';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
let config: ReturnType<typeof loadGatewayConfig>;
try {
  config = loadGatewayConfig();
} catch (error) {
  process.stderr.write(`gateway: cannot start: ${(error as Error).message}\n`);
  process.exit(1);
}
config.site.hostDir = process.env.HOST_DIST_DIR || join(repo, HOST.dir, 'dist');
for (const name of REMOTE_NAMES) {
  const prefix = `MFE_${envPrefix(name)}`;
  config.site.remotes[name] = process.env[`${prefix}_DIST_DIR`] || join(repo, remoteDir(name), 'dist');
  const url = process.env[`${prefix}_URL`];
  if (url) config.site.remoteUrls[name] = url;
}
const app = await buildGateway(config);
closeWithGrace({ delay: 10_000 }, async () => {
  await app.close();
});
await app.listen({ host: config.host, port: config.port });
