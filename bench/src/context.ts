/** What every section of a bench run works with: the mode, the platform, its clocks and figures. */
import type { Platform } from '@liveedu/platform';
import type { createIdentitySigner } from '@liveedu/service-kit';
import type { Person } from './data.ts';
import type { Figures } from './figures.ts';
import type { PeakSampler } from './memory.ts';
import type { Mode } from './modes.ts';
import type { MeasuredProcess } from './platform-under-test.ts';
import type { Seeder } from './seed.ts';

export interface BenchContext {
  mode: Mode;
  log: (line: string) => void;
  /** Runs `work` and records how long it took under `name` in the results' timings. */
  timed: <T>(name: string, work: () => Promise<T>) => Promise<T>;
  /** What the data set holds, as the results print it. */
  dataSet: Record<string, number | string>;
  platform: Platform;
  /** The gateway's address. */
  gw: string;
  /** A service's own address, for figures taken straight at it. */
  direct(service: string): string;
  /** Signs the identity header the gateway would forward. */
  signIdentity: ReturnType<typeof createIdentitySigner>;
  processes(): MeasuredProcess[];
  sampler: PeakSampler;
  figures: Figures;
  sandboxUrl: string;
}

/** The accounts and categories written before any course, which the later sections use. */
export interface People {
  seeder: Seeder;
  categories: string[];
  /** One account per purchase lane. */
  buyers: Person[];
  /** The account the write figures (todos, checkout) use. */
  writer: Person;
}

/** Waits `ms` milliseconds. */
export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
