// npm run generate            writes docker-compose.yml, infra/nginx/compose-routes.conf and the
//                             generated manifests of infra/k8s from the platform registry
// npm run generate -- --check lists the files that differ from what it would write (exit 1)
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generatedFiles } from './generated-files.ts';
import { repoRoot } from './paths.ts';

const check = process.argv.includes('--check');
const stale: string[] = [];
for (const [path, text] of Object.entries(generatedFiles())) {
  const full = join(repoRoot, path);
  const current = existsSync(full) ? readFileSync(full, 'utf8') : undefined;
  if (current === text) continue;
  stale.push(path);
  if (!check) writeFileSync(full, text);
}
if (check && stale.length > 0) {
  process.stderr.write(`stale (run npm run generate): ${stale.join(', ')}\n`);
  process.exit(1);
}
process.stdout.write(stale.length > 0 ? `wrote ${stale.join(', ')}\n` : 'every generated file is current\n');
