import { resolve } from 'node:path';
import { DEFAULT_DEMO_PASSWORD, DEMO_STUDENTS, DEMO_TUTOR } from '@liveedu/contracts';
import { repoRoot } from './paths.ts';
import { startPlatform } from './start-platform.ts';

const dataDir = resolve(repoRoot, process.env.DATA_DIR || '.data');
const port = Number(process.env.PORT || 8080);
const log = (line: string) => process.stdout.write(`${line}\n`);

let stopping = false;
const platform = await startPlatform({ dataDir, port, log }).catch((error: Error) => {
  process.stderr.write(`\nLiveEdu could not start: ${error.message}\n`);
  process.exit(1);
});

const demo =
  process.env.SEED_DEMO === '0' || process.env.SEED_DEMO === 'false'
    ? ''
    : `\n  Demo tutor:    ${DEMO_TUTOR.username} / ${process.env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD}` +
      `\n  Demo student:  ${DEMO_STUDENTS[0].username} / ${process.env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD}`;
log(
  `\nLiveEdu is running at ${platform.url}\n` +
    `  Admin:         admin / ${process.env.ADMIN_PASSWORD || 'liveedu-admin'}${demo}\n` +
    `  Test card:     4111 1111 1111 1111 (any future expiry, any CVV)\n` +
    `  API docs:      ${platform.url}/api/docs\n` +
    `  Data and logs: ${dataDir}\n\nPress Ctrl-C to stop.`,
);

async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log(`\n${signal}: stopping LiveEdu …`);
  await platform.stop();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
