// usage: node --import tsx infra/deploy/src/image-profile-cli.ts <component> <out dir>
// Writes <out>/app.env and, for the host and the remotes, <out>/root/… (their nginx files, laid
// out as in the image). Run by infra/docker/Dockerfile's `profile` stage.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { component } from './components.ts';
import { appEnv, webFiles } from './image-profile.ts';

const [name, out] = process.argv.slice(2);
if (!name || !out) {
  process.stderr.write('usage: image-profile-cli.ts <component> <out dir>\n');
  process.exit(2);
}
const app = component(name);
mkdirSync(join(out, 'root'), { recursive: true });
writeFileSync(join(out, 'app.env'), appEnv(app));
if (app.kind === 'web') {
  for (const [path, file] of Object.entries(webFiles(app))) {
    const target = join(out, 'root', path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, file.text);
    if (file.mode) chmodSync(target, file.mode);
  }
}
process.stdout.write(`profile of ${name} written to ${out}\n`);
