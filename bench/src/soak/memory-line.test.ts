/** The memory line calls a steady process flat and a growing one not, and judges only long runs. */
import { describe, expect, it } from 'vitest';
import { memoryLine, type RssSample, windowSeconds } from './memory-line.ts';

/** One sample every 5 s for `seconds`, each process's MiB a function of the time. */
function series(seconds: number, mib: Record<string, (t: number) => number>): RssSample[] {
  const samples: RssSample[] = [];
  for (let at = 0; at <= seconds; at += 5) {
    samples.push({ at, mib: Object.fromEntries(Object.entries(mib).map(([name, f]) => [name, f(at)])) });
  }
  return samples;
}

describe('the memory line', () => {
  it('compares the first and last 5 minutes of a long run, thirds of a short one', () => {
    expect(windowSeconds(1800)).toBe(300);
    expect(windowSeconds(180)).toBe(60);
  });

  it('calls a steady process flat and one that keeps growing not flat', () => {
    const samples = series(1800, { steady: () => 200, leaking: (t) => 200 + t / 10 });
    const line = memoryLine(samples, ['steady', 'leaking'], 1800);
    const of = (name: string) => line.processes.find((p) => p.name === name)!;
    expect(of('steady')).toMatchObject({ firstMiB: 200, lastMiB: 200, growthMiB: 0, flat: true });
    expect(of('leaking').growthMiB).toBeCloseTo(150, 0);
    expect(of('leaking').flat).toBe(false);
    expect(of('whole platform').firstMiB).toBeCloseTo(415, 0);
    expect(line.flat).toBe(false);
  });

  it('allows growth within 25 MiB or 10%', () => {
    const samples = series(1800, {
      small: (t) => 100 + (t > 900 ? 20 : 0),
      large: (t) => 1000 + (t > 900 ? 90 : 0),
    });
    const line = memoryLine(samples, ['small', 'large'], 1800);
    expect(line.flat).toBe(true);
  });

  it('reports a short run without judging it', () => {
    const line = memoryLine(series(45, { growing: (t) => 100 + t }), ['growing'], 45);
    expect(line.judged).toBe(false);
    expect(line.flat).toBeNull();
    expect(line.processes[0]!.growthMiB).toBeGreaterThan(0);
  });
});
