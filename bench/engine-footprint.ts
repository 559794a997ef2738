/**
 * `tsx bench/engine-footprint.ts [--courses N] [--students N] [--rest S]`: the platform's
 * footprint on a data set of a course marketplace's usual proportions — by default 10,000
 * courses, 5,000 students and 50,000 reviews (each by a student who bought the course, with its
 * payment and ledger row), 100 tutors — written as the bench writes it (straight into the
 * services' databases, then the catalog started again). After `--rest` seconds at rest (default
 * 60) it prints each process's resident and proportional memory and the database folder's size,
 * then stops the platform and prints the folder's size once the database server has closed its
 * file. Settings in the environment reach the platform (LIVEEDU_MONGO_HEAP, LIVEEDU_MONGO_CACHE_MB).
 * Nothing is written to bench/results.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startRazorpaySandbox } from '@liveedu/razorpay-sandbox';
import { BENCH_PASSWORD, type DataSize } from './src/data.ts';
import { mustCall } from './src/http.ts';
import { folderMiB, pssMiB, rssMiB } from './src/memory.ts';
import { FULL } from './src/modes.ts';
import { measuredProcesses, restartCatalog, startBenchPlatform } from './src/platform-under-test.ts';
import { Seeder } from './src/seed.ts';

const { values } = parseArgs({
  options: {
    courses: { type: 'string', default: '10000' },
    students: { type: 'string', default: '5000' },
    tutors: { type: 'string', default: '100' },
    rest: { type: 'string', default: '60' },
  },
});
const whole = (name: keyof typeof values) => {
  const value = Number(values[name]);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`--${name} takes a whole number, not '${values[name]}'`);
  return value;
};
const size: DataSize = {
  ...FULL.size,
  courses: whole('courses'),
  students: whole('students'),
  tutors: whole('tutors'),
};
const log = (line: string) => process.stdout.write(`${line}\n`);
const mib = (value: number | null) => (value === null ? 'not read' : `${value.toFixed(0)} MiB`);

const dataDir = mkdtempSync(join(tmpdir(), 'liveedu-footprint-'));
const sandbox = await startRazorpaySandbox({ port: 0 });
const platform = await startBenchPlatform({ dataDir, sandbox, log: () => {} });
const seeder = new Seeder(platform.env.MONGO_URL as string, FULL.seed, size);
try {
  const gateway = platform.url.replace('://localhost:', '://127.0.0.1:');
  await mustCall(gateway, 'POST', '/api/v1/user-signUp', {
    body: { username: 'bench_kdf', email: 'bench_kdf@bench.liveedu.test', password: BENCH_PASSWORD },
  });
  const people = await seeder.people(await seeder.passwordHashOf('bench_kdf'), []);
  const categories = (await seeder.categories()).slice(0, size.categories);
  const courses = await seeder.courses(categories, 0, size.courses);
  log(
    `written: ${people.documents + courses.documents} documents (${size.courses} courses, ${size.students} students, ` +
      `${size.courses * size.reviewsPerCourse} reviews) in ${(people.seconds + courses.seconds).toFixed(0)} s`,
  );
  log(
    `catalog started again in ${(await restartCatalog(platform)).toFixed(1)} s; at rest for ${values.rest} s …`,
  );
  await new Promise((done) => setTimeout(done, whole('rest') * 1000));
  let rss = 0;
  let pss = 0;
  for (const { name, pid } of measuredProcesses(platform, undefined)) {
    const r = rssMiB(pid);
    const p = pssMiB(pid);
    rss += r ?? 0;
    pss += p ?? 0;
    log(`${name}: RSS ${mib(r)}, PSS ${mib(p)}`);
  }
  log(`whole platform: RSS ${mib(rss)}, PSS ${mib(pss)}`);
  log(`database folder, running: ${mib(folderMiB(join(dataDir, 'mongo')))}`);
} finally {
  await seeder.close().catch(() => {});
  await platform.stop().catch(() => {});
  await sandbox.stop().catch(() => {});
}
log(`database folder, closed: ${mib(folderMiB(join(dataDir, 'mongo')))}`);
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
