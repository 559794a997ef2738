import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import { buildGateway } from './app.ts';
import { loadGatewayConfig, loadSiteFolders } from './config.ts';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
let config: ReturnType<typeof loadGatewayConfig>;
try {
  config = loadGatewayConfig();
  Object.assign(config.site, loadSiteFolders(repo));
} catch (error) {
  process.stderr.write(`gateway: cannot start: ${(error as Error).message}\n`);
  process.exit(1);
}
const app = await buildGateway(config);
closeWithGrace({ delay: 10_000 }, async () => {
  await app.close();
});
await app.listen({ host: config.host, port: config.port });
