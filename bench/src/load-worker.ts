/**
 * The load generator, in its own process (forked by load.ts) so it never shares an event loop
 * with anything measured. It takes jobs over IPC: a warm-up run, then `runs` measured runs of
 * autocannon against one request, and answers with each run's figures.
 */
import autocannon from 'autocannon';

export type Scenario = 'fixed' | 'sign-up';

export interface LoadJob {
  id: number;
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** `sign-up` makes every request a new account (unique username and email). */
  scenario?: Scenario;
  connections: number;
  /** Stop each run after this many responses instead of after `durationSec`. */
  amount?: number;
  warmupSec: number;
  durationSec: number;
  runs: number;
}

export interface RunFigures {
  requestsPerSec: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

export type WorkerMessage =
  | { id: number; type: 'run-start'; run: number; warmup: boolean }
  | { id: number; type: 'done'; runs: RunFigures[] }
  | { id: number; type: 'failed'; message: string };

let signUps = 0;
const tag = `${process.pid.toString(36)}${Date.now().toString(36).slice(-4)}`;

function requestsFor(job: LoadJob): autocannon.Request[] | undefined {
  if (job.scenario !== 'sign-up') return undefined;
  return [
    {
      method: 'POST',
      path: new URL(job.url).pathname,
      headers: { 'content-type': 'application/json' },
      setupRequest: (request) => {
        signUps += 1;
        const username = `bs${tag}${signUps.toString(36)}`;
        return {
          ...request,
          body: JSON.stringify({
            username,
            email: `${username}@bench.liveedu.test`,
            password: 'bench-password-1',
          }),
        };
      },
    },
  ];
}

async function once(job: LoadJob, durationSec: number): Promise<RunFigures> {
  const requests = requestsFor(job);
  const result = await autocannon({
    url: job.url,
    method: job.method,
    headers: job.headers,
    body: job.body,
    connections: job.connections,
    ...(job.amount ? { amount: job.amount } : { duration: durationSec }),
    timeout: 30,
    ...(requests ? { requests } : {}),
  });
  return {
    requestsPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

async function perform(job: LoadJob): Promise<RunFigures[]> {
  const send = (message: WorkerMessage) => process.send?.(message);
  if (job.warmupSec > 0) {
    send({ id: job.id, type: 'run-start', run: 0, warmup: true });
    await once(job, job.warmupSec);
  }
  const runs: RunFigures[] = [];
  for (let run = 1; run <= job.runs; run += 1) {
    send({ id: job.id, type: 'run-start', run, warmup: false });
    runs.push(await once(job, job.durationSec));
  }
  return runs;
}

process.on('message', (job: LoadJob) => {
  perform(job).then(
    (runs) => process.send?.({ id: job.id, type: 'done', runs } satisfies WorkerMessage),
    (error: unknown) =>
      process.send?.({
        id: job.id,
        type: 'failed',
        message: error instanceof Error ? error.message : String(error),
      } satisfies WorkerMessage),
  );
});
process.on('disconnect', () => process.exit(0));
