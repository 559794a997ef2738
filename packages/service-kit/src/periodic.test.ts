import fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { runPeriodically } from './periodic.ts';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('runPeriodically', () => {
  it('runs at once when ready, again every interval, survives a failing run and stops on close', async () => {
    const app = fastify({ logger: false });
    let runs = 0;
    runPeriodically(
      app,
      20,
      async () => {
        runs += 1;
        if (runs === 2) throw new Error('storage unavailable');
      },
      'sweep failed',
    );
    expect(runs).toBe(0);
    await app.ready();
    expect(runs).toBe(1);
    await tick(110);
    expect(runs).toBeGreaterThanOrEqual(3);
    await app.close();
    const afterClose = runs;
    await tick(60);
    expect(runs).toBe(afterClose);
  });
});
