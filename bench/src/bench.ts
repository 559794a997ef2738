import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildFrontEnd, type Platform, startPlatform } from '@liveedu/platform';
import { startRazorpaySandbox } from '@liveedu/razorpay-sandbox';
import { createIdentitySigner } from '@liveedu/service-kit';
import { BENCH_PASSWORD, course as courseDoc, extra, oid, type Person, TOPICS } from './data.ts';
import { type EventSamples, purchases } from './events.ts';
import { BUDGET_KB, homePage, type Measured, remoteEntry } from './front-end.ts';
import {
  type GrowthProbe,
  type GrowthSample,
  growthCells,
  growthProbes,
  sampleProbe,
  studentName,
} from './growth.ts';
import { call, logIn, mustCall } from './http.ts';
import { LoadGenerator, type LoadJob, type LoadResult, percentile } from './load.ts';
import { childrenOf, idleCpu, PeakSampler, rssMiB } from './memory.ts';
import type { Mode } from './modes.ts';
import { type Cell, isTaken, notTaken, type Results, type Row, renderText, type Section } from './report.ts';
import { Seeder } from './seed.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Secrets of this run only: the bench signs the gateway's identity header for direct calls. */
const INTERNAL_SECRET = 'bench-internal-secret-0123456789abcdef';
const JWT_SECRET = 'bench-jwt-secret-0123456789abcdef0123';
const UNLIMITED = '1000000000';
/** The sandbox's default test key (startRazorpaySandbox without keys). */
const sandboxKeyId = 'rzp_test_liveedu';

export interface BenchOptions {
  mode: Mode;
  resultsDir: string;
  log?: (line: string) => void;
}

/** The calls of the public pages, by the names the tables use. */
interface Endpoint {
  name: string;
  path: string;
}

export async function runBench(
  opts: BenchOptions,
): Promise<{ results: Results; file: string; text: string }> {
  const mode = opts.mode;
  const log = opts.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const startedAt = new Date();
  const loadAtStart = loadavg();
  const elapsed = () => performance.now() / 1000;
  const timings: Record<string, number> = {};
  const timed = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const at = performance.now();
    try {
      return await work();
    } finally {
      timings[name] = Math.round((performance.now() - at) / 100) / 10;
    }
  };
  const method: string[] = [
    `load from autocannon in a separate process; each figure is the median of ${mode.runs} run(s) of ${mode.durationSec} s` +
      (mode.warmupSec > 0 ? ` after a ${mode.warmupSec} s warm-up` : ' (no warm-up in smoke mode)') +
      ', (min–max) beside it; latencies in ms at autocannon’s 1 ms resolution',
    'rate limits raised for the run (AUTH_RATE_LIMIT_PER_MINUTE, LOGIN_RATE_LIMIT_PER_USERNAME) so they do not distort the write figures',
    'a run with more than 1% failed responses (non-2xx, errors, timeouts) is not taken',
  ];

  let frontEndBuildError: string | null = null;
  if (mode.buildFrontEnd) {
    await timed('front-end build s', () =>
      buildFrontEnd({ log }).catch((error: unknown) => {
        frontEndBuildError = error instanceof Error ? error.message.split('\n')[0]! : String(error);
      }),
    );
  }

  const dataDir = mkdtempSync(join(tmpdir(), 'liveedu-bench-'));
  // Our own sandbox without webhooks: the event latency is measured from the browser's callback.
  const sandbox = await startRazorpaySandbox({ port: 0 });
  const load = new LoadGenerator();
  let platform: Platform | null = null;
  let seeder: Seeder | null = null;
  const sampler = new PeakSampler(() => processes());
  const processes = (): Array<{ name: string; pid: number }> => {
    if (!platform) return [];
    const known = [
      { name: 'gateway', pid: platform.gateway.pid },
      ...Object.entries(platform.services).map(([name, s]) => ({ name, pid: s.process.pid })),
    ];
    const pids = new Set([...known.map((p) => p.pid), load.pid]);
    const servers = childrenOf(process.pid)
      .filter((p) => !pids.has(p.pid) && /^(java|mongod|minio|nats-server)$/.test(p.name))
      // the database launcher execs the JVM, so its process is named java
      .map((p) => ({
        name: `${p.name === 'java' ? 'mongo-java-server' : p.name} (data server)`,
        pid: p.pid,
      }));
    return [...known, ...servers];
  };

  const sections: Section[] = [];
  const dataSet: Record<string, number | string> = {};
  try {
    platform = await timed('platform start s', () =>
      startPlatform({
        dataDir,
        port: 0,
        buildFrontEnd: false,
        log: (line) => log(`  ${line}`),
        env: {
          SEED_DEMO: '0',
          LOG_LEVEL: 'warn',
          AUTH_RATE_LIMIT_PER_MINUTE: UNLIMITED,
          LOGIN_RATE_LIMIT_PER_USERNAME: UNLIMITED,
          FORGOT_PASSWORD_RATE_LIMIT_PER_EMAIL: UNLIMITED,
          INTERNAL_SECRET,
          JWT_SECRET,
          RAZORPAY_API_URL: sandbox.apiUrl,
          RAZORPAY_CHECKOUT_URL: sandbox.checkoutUrl,
        },
      }),
    );
    const p = platform;
    const gw = p.url.replace('://localhost:', '://127.0.0.1:');
    const direct = (name: string) => {
      const service = p.services[name];
      if (!service) throw new Error(`${name} is not running`);
      return service.url;
    };
    const signIdentity = createIdentitySigner(INTERNAL_SECRET);

    // ---- the data set ----------------------------------------------------------------------
    log('» seeding the data set …');
    await mustCall(gw, 'POST', '/api/v1/user-signUp', {
      body: { username: 'bench_kdf', email: 'bench_kdf@bench.liveedu.test', password: BENCH_PASSWORD },
    });
    seeder = new Seeder(p.env.MONGO_URL as string, mode.seed, mode.size);
    const s = seeder;
    const passwordHash = await s.passwordHashOf('bench_kdf');
    const buyers = Array.from({ length: mode.purchaseLanes }, (_, i) => extra(mode.seed, i, `buyer_${i}`));
    const writer = extra(mode.seed, mode.purchaseLanes, 'writer');
    const extras: Person[] = [...buyers, writer];
    const people = await timed('seed people s', () => s.people(passwordHash, extras));
    const allCategories = await s.categories();
    const categories = allCategories.slice(0, mode.size.categories);
    dataSet.categories = `${categories.length} used by courses (the catalog seeds ${allCategories.length} at start)`;
    dataSet.tutors = mode.size.tutors;
    dataSet.students = mode.size.students;
    dataSet['reviews (= paid enrollments)'] = mode.size.courses * mode.size.reviewsPerCourse;
    dataSet['course content'] =
      `${mode.size.sectionsPerCourse} sections × ${mode.size.itemsPerSection} items`;
    log(`  ${people.documents} account documents in ${people.seconds.toFixed(1)} s`);

    const [g1, g2, g3] = mode.growth;
    /**
     * The catalog reads its listing at start, so after writing courses straight into its
     * database the bench starts it again, as a deployment would.
     */
    const restartCatalog = async () => {
      await p.stopService('catalog');
      const at = performance.now();
      await p.startService('catalog', { readyTimeoutMs: 5 * 60_000 });
      return (performance.now() - at) / 1000;
    };
    // Sample a course page and a search term that exist from the first growth point on.
    const sampleCourse = oid('course', Math.floor(g1 / 2)).toHexString();
    const searchTerm = TOPICS[2]!.toLowerCase();
    const categoryName = categories[0]!;

    const result = (r: LoadResult, column: 'rps' | 'p50' | 'p99'): Cell => {
      if (r.requests === 0) return notTaken('no response within the run');
      // A run with no completed request has no rate or latency; a median over it would read 0.
      const empty = r.runs.filter((run) => run.requests === 0).length;
      if (empty > 0) return notTaken(`${empty} of ${r.runs.length} runs completed no request`);
      if (r.failed / r.requests > 0.01) {
        return notTaken(`${r.failed} of ${r.requests} responses failed (non-2xx, errors or timeouts)`);
      }
      const figure = column === 'rps' ? r.requestsPerSec : column === 'p50' ? r.p50 : r.p99;
      return { ...figure, unit: column === 'rps' ? 'req/s' : 'ms' };
    };
    const reserveSec = 45;
    const measure = async (
      job: Omit<LoadJob, 'id' | 'warmupSec' | 'durationSec' | 'runs' | 'connections' | 'method'> &
        Partial<Pick<LoadJob, 'warmupSec' | 'runs' | 'connections' | 'method'>> & { probeLimitMs?: number },
    ): Promise<LoadResult | string> => {
      const { probeLimitMs = mode.probeLimitMs, ...rest } = job;
      const left = mode.budgetSec - elapsed() - reserveSec;
      if (left < mode.warmupSec + mode.runs * mode.durationSec + 5) {
        return `the ${mode.budgetSec / 60}-minute time budget was spent before this figure`;
      }
      // One request first (not for sign-up, which must not repeat a name): too slow to measure?
      if (job.scenario !== 'sign-up') {
        const at = performance.now();
        const probe = await fetch(job.url, {
          method: job.method ?? 'GET',
          headers: job.headers,
          body: job.body,
          signal: AbortSignal.timeout(Math.min(probeLimitMs, left * 1000)),
        }).then(
          async (r) => {
            await r.arrayBuffer();
            return r.status < 300 ? null : `a single request answered ${r.status}`;
          },
          () => `a single request took over ${(Math.min(probeLimitMs, left * 1000) / 1000).toFixed(0)} s`,
        );
        const took = performance.now() - at;
        if (probe) return probe;
        if (took > probeLimitMs) {
          return `a single request took ${(took / 1000).toFixed(1)} s (limit ${probeLimitMs / 1000} s for a load run of ${mode.durationSec} s)`;
        }
      }
      try {
        sampler.start();
        return await load.run({
          method: 'GET',
          connections: mode.concurrency,
          warmupSec: mode.warmupSec,
          durationSec: mode.durationSec,
          runs: mode.runs,
          ...rest,
          // autocannon needs at least one request per connection.
          ...(rest.amount || mode.amount
            ? { amount: Math.max(rest.amount ?? mode.amount ?? 0, rest.connections ?? mode.concurrency) }
            : {}),
        });
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      } finally {
        sampler.stop();
      }
    };
    const cellsOf = (r: LoadResult | string, columns: Record<string, 'rps' | 'p50' | 'p99'>) =>
      Object.fromEntries(
        Object.entries(columns).map(([name, what]) => [
          name,
          typeof r === 'string' ? notTaken(r) : result(r, what),
        ]),
      );

    /** Marks a figure against its target from the README: met or missed, never hidden. */
    const judged = (cell: Cell | undefined, met: (value: number) => boolean, target: string): Cell => {
      if (!cell || !isTaken(cell)) return cell ?? notTaken('missing');
      // Smoke runs end after a fixed count of requests: their rates say nothing against a target.
      if (mode.name !== 'full') return cell;
      return { ...cell, note: `(target ${target}: ${met(cell.median) ? 'met' : 'missed'})` };
    };

    // ---- the data set in three steps, with the growth figures after each --------------------
    const signStudent = (index: number) => ({
      'x-liveedu-identity': signIdentity({
        userId: oid('student', index).toHexString(),
        username: studentName(mode.seed, index),
        role: 'student',
      }),
    });
    const growthSamples = new Map<string, Map<number, GrowthSample | string>>();
    let probes: GrowthProbe[] = [];
    let seededDocs = 0;
    let seedSeconds = 0;
    let from = 0;
    for (const size of [g1, g2, g3]) {
      log(`» writing courses ${from} to ${size} and their rows …`);
      const part = await timed(`seed to ${size} courses s`, () => s.courses(categories, from, size));
      seededDocs += part.documents;
      seedSeconds += part.seconds;
      from = size;
      dataSet[`catalog start with ${size} courses (s)`] = Number(
        (await timed(`catalog restart at ${size} courses s`, restartCatalog)).toFixed(1),
      );
      // The figures are of a running catalog, not of one collecting the garbage of its start.
      await new Promise((r) => setTimeout(r, mode.name === 'full' ? 15_000 : 500));
      probes = growthProbes({
        courses: size,
        categories,
        buyers: Math.min(mode.size.students, size * mode.size.reviewsPerCourse),
        catalog: direct('catalog'),
        payments: direct('payments'),
        identityOf: signStudent,
        seed: mode.seed,
      });
      for (const [n, probe] of probes.entries()) {
        log(`  growth: ${probe.name} at ${size} courses`);
        const sample = await sampleProbe(probe, mode.growthRequests, mode.seed + size + n).catch(
          (error: unknown) => (error instanceof Error ? error.message : String(error)),
        );
        if (!growthSamples.has(probe.name)) growthSamples.set(probe.name, new Map());
        growthSamples.get(probe.name)!.set(size, sample);
      }
    }
    dataSet.courses = g3;
    dataSet['seed rate (documents/s)'] = Math.round(seededDocs / seedSeconds);
    log(`  ${g3} courses and their rows: ${seededDocs} documents in ${seedSeconds.toFixed(1)} s`);

    // ---- memory, idle: after start and seeding, before any load ----------------------------
    await new Promise((r) => setTimeout(r, 1000));
    const idle = new Map<string, number | null>();
    for (const proc of processes()) idle.set(proc.name, rssMiB(proc.pid));

    // ---- gateway overhead and hot public reads ---------------------------------------------
    log('» public reads …');
    const hot: Endpoint[] = [
      { name: 'courses', path: '/api/v1/courses' },
      { name: 'recently-added-courses', path: '/api/v1/recently-added-courses' },
      { name: 'courses-loved-by-students', path: '/api/v1/courses-loved-by-students' },
      { name: 'get-top4-reviews', path: '/api/v1/get-top4-reviews' },
      { name: 'get-all-category', path: '/api/v1/get-all-category' },
      { name: 'courses/{cat}', path: `/api/v1/courses/${encodeURIComponent(categoryName)}` },
      { name: 'get-course-details/{id}', path: `/api/v1/get-course-details/${sampleCourse}` },
      { name: 'search/{q}', path: `/api/v1/search/${encodeURIComponent(searchTerm)}` },
    ];
    const viaGateway = new Map<string, LoadResult | string>();
    const hotRows: Row[] = [];
    for (const e of hot) {
      const bytes = await call(gw, 'GET', e.path).then(
        (r) => (r.status === 200 ? r.bytes : `answered ${r.status}`),
        (error: unknown) => String(error),
      );
      const cells: Record<string, Cell> = {
        'response bytes': typeof bytes === 'number' ? { median: bytes, unit: 'B' } : notTaken(bytes),
      };
      for (const c of mode.hotConcurrencies) {
        log(`  ${e.name} via the gateway at c${c}`);
        const r = await measure({ url: `${gw}${e.path}`, connections: c });
        if (c === mode.concurrency) viaGateway.set(e.name, r);
        Object.assign(cells, cellsOf(r, { [`c${c} req/s`]: 'rps', [`c${c} p99`]: 'p99' }));
        if (c === 10) cells['c10 req/s'] = judged(cells['c10 req/s'], (v) => v >= 800, '≥ 800 req/s');
      }
      hotRows.push({ name: e.name, cells });
    }

    const overheadRows: Row[] = [];
    for (const name of ['courses', 'get-course-details/{id}', 'search/{q}']) {
      const e = hot.find((h) => h.name === name)!;
      log(`  ${e.name} directly at the catalog at c${mode.concurrency}`);
      const d = await measure({ url: `${direct('catalog')}${e.path}` });
      const g = viaGateway.get(name) ?? 'not measured';
      const cells: Record<string, Cell> = {
        ...cellsOf(g, { 'gateway req/s': 'rps', 'gateway p50': 'p50', 'gateway p99': 'p99' }),
        ...cellsOf(d, { 'direct req/s': 'rps', 'direct p50': 'p50', 'direct p99': 'p99' }),
      };
      const gRps = cells['gateway req/s']!;
      const dRps = cells['direct req/s']!;
      const gP99 = cells['gateway p99']!;
      const dP99 = cells['direct p99']!;
      cells['throughput ratio'] =
        'median' in gRps && 'median' in dRps
          ? {
              median: gRps.median / dRps.median,
              unit: '',
              note: gRps.median / dRps.median >= 0.8 ? '(target ≥ 0.8: met)' : '(target ≥ 0.8: missed)',
            }
          : notTaken('a throughput figure is missing');
      cells['added p99'] =
        'median' in gP99 && 'median' in dP99
          ? {
              median: gP99.median - dP99.median,
              unit: 'ms',
              note: gP99.median - dP99.median <= 3 ? '(target ≤ 3 ms: met)' : '(target ≤ 3 ms: missed)',
            }
          : notTaken('a p99 figure is missing');
      overheadRows.push({ name, cells });
    }
    sections.push({
      id: 'gateway-overhead',
      title: 'Gateway overhead',
      about: `the same public reads through the gateway and straight at the catalog, concurrency ${mode.concurrency}; ratio = gateway ÷ direct throughput, added p99 = gateway p99 − direct p99`,
      columns: [
        'gateway req/s',
        'direct req/s',
        'throughput ratio',
        'gateway p50',
        'direct p50',
        'gateway p99',
        'direct p99',
        'added p99',
      ],
      rows: overheadRows,
    });
    sections.push({
      id: 'hot-reads',
      title: 'Hot public reads',
      about: `through the gateway at concurrency ${mode.hotConcurrencies.join(' and ')}; response bytes = JSON body, uncompressed; courses/{cat} = ${categoryName}, search/{q} = "${searchTerm}"`,
      columns: [...mode.hotConcurrencies.flatMap((c) => [`c${c} req/s`, `c${c} p99`]), 'response bytes'],
      rows: hotRows,
    });

    // ---- authenticated reads ------------------------------------------------------------
    log('» authenticated reads …');
    const student0 = await logIn(gw, 'bench_student_00000', BENCH_PASSWORD);
    const authReads = [
      { name: 'getUserData', path: '/api/v1/getUserData', service: 'identity' },
      { name: 'enrolled-courses', path: '/api/v1/enrolled-courses', service: 'catalog' },
      { name: 'order-history', path: '/api/v1/order-history', service: 'payments' },
    ];
    const authRows: Row[] = [];
    for (const a of authReads) {
      log(`  ${a.name}`);
      const g = await measure({ url: `${gw}${a.path}`, headers: student0.headers });
      // Straight at the service with the identity header the gateway would sign (valid 60 s).
      const identity = signIdentity({
        userId: student0.userId,
        username: student0.username,
        role: 'student',
      });
      const d = await measure({
        url: `${direct(a.service)}${a.path}`,
        headers: { 'x-liveedu-identity': identity },
      });
      const cells: Record<string, Cell> = {
        ...cellsOf(g, { 'gateway req/s': 'rps', 'gateway p50': 'p50', 'gateway p99': 'p99' }),
        ...cellsOf(d, { 'direct req/s': 'rps', 'direct p50': 'p50' }),
      };
      cells['gateway req/s'] = judged(cells['gateway req/s'], (v) => v >= 300, '≥ 300 req/s');
      const gp = cells['gateway p50']!;
      const dp = cells['direct p50']!;
      cells['token + role check (p50)'] =
        'median' in gp && 'median' in dp
          ? { median: gp.median - dp.median, unit: 'ms' }
          : notTaken('a p50 figure is missing');
      authRows.push({ name: a.name, cells });
    }
    sections.push({
      id: 'authenticated-reads',
      title: 'Authenticated reads',
      about: `a student with 10 enrollments and 10 orders, concurrency ${mode.concurrency}; through the gateway (JWT check + the user's current role read from identity) and straight at the service with a signed identity header; the difference of p50s is the cost of the check`,
      columns: [
        'gateway req/s',
        'gateway p50',
        'gateway p99',
        'direct req/s',
        'direct p50',
        'token + role check (p50)',
      ],
      rows: authRows,
    });

    // ---- writes -------------------------------------------------------------------------
    log('» writes …');
    const writerSession = await logIn(gw, writer.username, BENCH_PASSWORD);
    const buyIndex = g3 - 1;
    const buyCourse = courseDoc(mode.seed, mode.size, categories, buyIndex);
    const writes: Array<{ name: string; job: Parameters<typeof measure>[0] }> = [
      {
        name: 'sign-up (new account each time)',
        job: { url: `${gw}/api/v1/user-signUp`, method: 'POST', scenario: 'sign-up' },
      },
      {
        name: 'log-in',
        job: {
          url: `${gw}/api/v1/login`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'bench_student_00001', password: BENCH_PASSWORD }),
        },
      },
      {
        name: 'log-in, one at a time',
        job: {
          url: `${gw}/api/v1/login`,
          method: 'POST',
          connections: 1,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'bench_student_00001', password: BENCH_PASSWORD }),
        },
      },
      {
        name: 'create-todo',
        job: {
          url: `${gw}/api2/v1/create-todo`,
          method: 'POST',
          headers: { ...writerSession.headers, 'content-type': 'application/json' },
          body: JSON.stringify({ desc: 'Finish section 2 of the course' }),
        },
      },
      {
        name: 'checkout (creates a Razorpay order)',
        job: {
          url: `${gw}/api/v1/checkout`,
          method: 'POST',
          headers: { ...writerSession.headers, 'content-type': 'application/json' },
          body: JSON.stringify({
            amount: buyCourse.pricePaise / 100,
            paymentTo: buyCourse.tutorId,
            course: buyCourse._id.toHexString(),
            paymentBy: writerSession.userId,
          }),
        },
      },
    ];
    const withWriteTarget = (name: string, cells: Record<string, Cell>): Record<string, Cell> => {
      if (name === 'create-todo') cells['req/s'] = judged(cells['req/s'], (v) => v >= 300, '≥ 300 req/s');
      if (name.startsWith('checkout')) cells['req/s'] = judged(cells['req/s'], (v) => v >= 50, '≥ 50 req/s');
      if (name === 'log-in, one at a time') cells.p50 = judged(cells.p50, (v) => v <= 150, '≤ 150 ms');
      return cells;
    };
    const writeRows: Row[] = [];
    for (const w of writes) {
      log(`  ${w.name}`);
      const r = await measure(w.job);
      writeRows.push({
        name: `${w.name} @ c${w.job.connections ?? mode.concurrency}`,
        cells: withWriteTarget(w.name, cellsOf(r, { 'req/s': 'rps', p50: 'p50', p99: 'p99' })),
      });
    }
    sections.push({
      id: 'writes',
      title: 'Writes',
      about:
        'through the gateway; sign-up and log-in include the identity service’s argon2id KDF (hash on sign-up, verify on log-in) — “one at a time” shows one KDF plus the round trip; checkout calls the catalog and the Razorpay sandbox',
      columns: ['req/s', 'p50', 'p99'],
      rows: writeRows,
    });

    // ---- event latency ------------------------------------------------------------------
    log(`» event latency over ${mode.purchases} purchases …`);
    sampler.start();
    const events = await timed('event latency s', () =>
      purchases({
        gw,
        sandboxUrl: sandbox.url,
        keyId: sandboxKeyId,
        seed: mode.seed,
        size: mode.size,
        categories,
        buyers,
        purchases: mode.purchases,
        deadline: performance.now() + mode.purchaseBudgetSec * 1000,
        log,
      }).catch(
        (error: unknown): EventSamples => ({
          callback: [],
          enrolled: [],
          credited: [],
          failures: [error instanceof Error ? error.message : String(error)],
        }),
      ),
    );
    sampler.stop();
    const eventCell = (samples: number[], p: number): Cell =>
      samples.length === 0
        ? notTaken(`no purchase completed (${events.failures.join('; ') || 'none attempted'})`)
        : { median: percentile(samples, p), unit: 'ms' };
    const eventRows: Row[] = [
      { name: 'callback answered', samples: events.callback },
      { name: 'callback → course in enrolled-courses', samples: events.enrolled },
      { name: 'callback → credit in get-available-balance', samples: events.credited },
    ].map(({ name, samples }) => ({
      name,
      cells: {
        p50: eventCell(samples, 50),
        p95:
          name === 'callback answered'
            ? eventCell(samples, 95)
            : judged(eventCell(samples, 95), (v) => v <= 300, '≤ 300 ms'),
        max: eventCell(samples, 100),
        samples: {
          median: samples.length,
          unit: `of ${mode.purchases}`,
          note: `(target all: ${samples.length === mode.purchases ? 'met' : 'missed'})`,
        },
      },
    }));
    sections.push({
      id: 'event-latency',
      title: 'Event latency',
      about: `${mode.purchases} purchases in ${mode.purchaseLanes} parallel lanes: checkout, pay on the sandbox's page, then the callback POST; from sending the callback until the student's enrolled-courses lists the course and the tutor's balance includes the 80% credit (polled every 20 ms through the gateway; sandbox webhooks off so the callback alone drives it)${events.stoppedAfter !== undefined ? `; stopped starting purchases after ${mode.purchaseBudgetSec} s (time budget), the samples are the purchases made by then` : ''}${events.failures.length ? `; failures: ${events.failures.slice(0, 3).join('; ')}` : ''}`,
      columns: ['p50', 'p95', 'max', 'samples'],
      rows: eventRows,
    });

    // ---- idle CPU: the whole platform with the largest catalog loaded, nothing asked of it ----
    log('» idle CPU …');
    // Settle first: a catalog that has just loaded 100k courses (and rebuilt its lists) is still
    // collecting the garbage of that start for a while.
    await new Promise((r) => setTimeout(r, mode.name === 'smoke' ? 1000 : 60_000));
    const idleCpuShares = await idleCpu(processes(), mode.name === 'smoke' ? 3 : 30);
    sections.push({
      id: 'growth',
      title: 'Growth',
      about: `straight at the owning service, one request at a time, ${mode.growthRequests} requests per figure and size, each for something else (a random page, search word, course or student: uncached work), at ${mode.growth.join(', ')} courses, the data set written in those steps and the catalog restarted after each (figures taken 15 s after its start); a latency that grows in step with the course count is an index miss. Lists: ${probes
        .filter((p) => p.maxGrowth)
        .map((p) => `${p.name} varies ${p.varies}`)
        .join(
          '; ',
        )} (at the largest size). A p99 under 5 ms counts as within the growth limit (the clock's resolution and the machine's noise)`,
      columns: [g1, g2, g3].flatMap((size) => {
        const label = size >= 1000 ? `${size / 1000}k` : String(size);
        return [`${label} p50`, `${label} p99`];
      }),
      rows: probes.map((probe) => ({
        name: probe.name,
        cells: growthCells(
          probe,
          [g1, g2, g3],
          growthSamples.get(probe.name) ?? new Map(),
          mode.name === 'full',
        ),
      })),
    });

    // ---- memory -------------------------------------------------------------------------
    const memoryRows: Row[] = processes().map((proc) => {
      const before = idle.get(proc.name);
      const peak = sampler.peaks.get(proc.name);
      const cpu = idleCpuShares.get(proc.name);
      const after = rssMiB(proc.pid);
      /** The README's memory targets: the catalog at its highest, the database server at the end. */
      const budget: Record<string, [string, number]> = {
        catalog: ['peak under load', 500],
        'mongo-java-server (data server)': ['after the run', 1536],
      };
      const row: Row = {
        name: proc.name,
        cells: {
          idle:
            before == null
              ? notTaken(`no VmRSS in /proc/${proc.pid}/status`)
              : { median: before, unit: 'MiB' },
          'peak under load':
            peak === undefined ? notTaken('never sampled during load') : { median: peak, unit: 'MiB' },
          'after the run':
            after == null ? notTaken(`no VmRSS in /proc/${proc.pid}/status`) : { median: after, unit: 'MiB' },
          'idle CPU':
            cpu == null
              ? notTaken(`no CPU times in /proc/${proc.pid}/stat`)
              : { median: cpu, unit: '% of a core' },
        },
      };
      const target = budget[proc.name];
      if (target) {
        const [column, limit] = target;
        row.cells[column] = judged(row.cells[column], (v) => v <= limit, `≤ ${limit} MiB`);
      }
      return row;
    });
    const platformIdle = [...idleCpuShares.values()].reduce<number | null>(
      (sum, v) => (sum === null || v === null ? null : sum + v),
      0,
    );
    const total = (values: Array<number | null | undefined>): Cell =>
      values.some((v) => v == null)
        ? notTaken('a process could not be read')
        : { median: values.reduce<number>((sum, v) => sum + (v as number), 0), unit: 'MiB' };
    const all = processes();
    memoryRows.push({
      name: 'whole platform',
      cells: {
        idle: total(all.map((proc) => idle.get(proc.name))),
        // Each process peaked at its own moment: the sum of the peaks bounds the platform's.
        'peak under load': total(all.map((proc) => sampler.peaks.get(proc.name))),
        'after the run': total(all.map((proc) => rssMiB(proc.pid))),
        'idle CPU':
          platformIdle === null
            ? notTaken('a process could not be read')
            : {
                median: platformIdle,
                unit: '% of a core',
                note: platformIdle <= 5 ? '(target ≤ 5 %: met)' : '(target ≤ 5 %: missed)',
              },
      },
    });
    sections.push({
      id: 'memory',
      title: 'Memory',
      about:
        'resident set (VmRSS) after start and seeding, before any load, the peak sampled every 200 ms during every load run and the purchases, and at the end; idle CPU = the share of one core each process used over 30 s, starting 60 s after the last start, with the largest data set loaded and no request (100 = a whole core)',
      columns: ['idle', 'peak under load', 'after the run', 'idle CPU'],
      rows: memoryRows,
    });

    // ---- front end ------------------------------------------------------------------------
    const built: Measured[] = [
      await homePage(repoRoot),
      remoteEntry(repoRoot, 'mfe-catalog', 'catalog entry'),
      remoteEntry(repoRoot, 'mfe-learner', 'learner entry'),
      remoteEntry(repoRoot, 'mfe-tutor', 'tutor entry'),
      remoteEntry(repoRoot, 'mfe-admin', 'admin entry'),
    ];
    const buildNote = frontEndBuildError
      ? ` (the build failed: ${frontEndBuildError})`
      : mode.buildFrontEnd
        ? ''
        : ' (smoke mode does not build; it measures what is in dist/)';
    sections.push({
      id: 'front-end',
      title: 'Front end',
      about: `initial JavaScript, minified and gzipped (level 9), from the production builds${buildNote}; home page = host start-up JS + catalog remote entry + home page chunk (scripts/bundle-size.mjs); an entry = remoteEntry.js + the exposed module's start-up chunks`,
      columns: ['min+gz', `of ${BUDGET_KB} kB budget`],
      rows: built.map((m) => ({
        name: m.name,
        cells:
          m.kb === null
            ? {
                'min+gz': notTaken(`${m.reason ?? 'not measured'}${buildNote}`),
                [`of ${BUDGET_KB} kB budget`]: notTaken(`${m.reason ?? 'not measured'}${buildNote}`),
              }
            : {
                'min+gz': { median: m.kb, unit: 'kB' },
                [`of ${BUDGET_KB} kB budget`]: {
                  median: (m.kb / BUDGET_KB) * 100,
                  unit: '%',
                  note: m.kb <= BUDGET_KB ? '(within)' : '(OVER)',
                },
              },
      })),
    });
  } finally {
    sampler.stop();
    load.stop();
    await seeder?.close().catch(() => {});
    await platform?.stop().catch(() => {});
    await sandbox.stop().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }

  const finishedAt = new Date();
  const results: Results = {
    mode: mode.name,
    startedAt: startedAt.toISOString(),
    finishedAt: finishedAt.toISOString(),
    durationSec: elapsed(),
    machine: {
      cpus: cpus().length,
      node: process.versions.node,
      loadAverageAtStart: loadAtStart,
      loadAverageAtEnd: loadavg(),
    },
    method,
    dataSet,
    timings,
    sections,
  };
  mkdirSync(opts.resultsDir, { recursive: true });
  const file = join(
    opts.resultsDir,
    `${startedAt.toISOString().slice(0, 19).replace(/:/g, '-')}${mode.name === 'smoke' ? '-smoke' : ''}.json`,
  );
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  return { results, file, text: renderText(results) };
}
