/**
 * `npm run fuzz`: the whole platform started as `npm start` starts it, on a temporary data
 * directory, fuzzed from its own OpenAPI document by Schemathesis with every check, as a
 * student, a tutor and the admin. Prints operation × failures and writes JUnit and JSON
 * reports under `test-results/fuzz/`. Exits non-zero on any failure or too few requests.
 *
 *   npm run fuzz -- [--examples N] [--seed N] [--min-requests N]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startPlatform } from '@liveedu/platform';
import { signInRoles } from './roles.ts';
import { type FuzzResult, failureTable, runSchemathesis } from './schemathesis.ts';

const { values } = parseArgs({
  options: {
    examples: { type: 'string', default: '100' },
    seed: { type: 'string', default: '20261126' },
    'min-requests': { type: 'string', default: '10000' },
  },
});
const log = (line: string) => process.stdout.write(`${line}\n`);
const ADMIN_PASSWORD = 'fuzz-admin-password';

const dataDir = await mkdtemp(join(tmpdir(), 'liveedu-fuzz-'));
const reportDir = join(process.cwd(), 'test-results', 'fuzz', new Date().toISOString().replace(/[:.]/g, '-'));
log(`» starting the platform on ${dataDir} …`);
const platform = await startPlatform({
  dataDir,
  port: 0,
  buildFrontEnd: false,
  log: (line) => log(`  ${line}`),
  env: { SEED_DEMO: '1', LOG_LEVEL: 'warn', ADMIN_PASSWORD },
});
let failed = true;
try {
  const roles = await signInRoles(platform.url, ADMIN_PASSWORD);
  const results: FuzzResult[] = [];
  for (const role of roles) {
    log(`» fuzzing as the ${role.name} …`);
    const result = await runSchemathesis({
      url: platform.url,
      role,
      seed: Number(values.seed),
      maxExamples: Number(values.examples),
      reportDir,
      log: (line) => log(`  ${line}`),
    });
    results.push(result);
  }
  log(`\n${failureTable(results)}`);
  for (const result of results)
    log(`  ${result.role}: ${result.requests} requests, report ${result.reportDir}`);
  const requests = results.reduce((sum, r) => sum + r.requests, 0);
  const clean = results.every((r) => r.failures.length === 0 && r.errors === 0 && r.exitCode === 0);
  const enough = requests >= Number(values['min-requests']);
  if (!enough) log(`fewer requests than ${values['min-requests']}: raise --examples`);
  failed = !(clean && enough);
} finally {
  await platform.stop();
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
