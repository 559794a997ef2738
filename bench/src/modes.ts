import { type DataSize, FULL_SIZE, SMOKE_SIZE } from './data.ts';

export interface Mode {
  name: 'full' | 'smoke';
  seed: number;
  size: DataSize;
  /**
   * Course counts of the growth series: the data set is written in these steps (the last is
   * `size.courses`), and the growth figures are taken after each.
   */
  growth: [number, number, number];
  warmupSec: number;
  durationSec: number;
  runs: number;
  /** Concurrency of the gateway-overhead, growth, authenticated-read and write figures. */
  concurrency: number;
  /** Runs end after this many responses instead of after `durationSec` (smoke: always finishes). */
  amount?: number;
  /**
   * A figure starts with one request: slower than this and a timed load run could not measure
   * it, so it is reported as not taken with that latency.
   */
  probeLimitMs: number;
  /** Growth: sequential requests per figure and size, each for a different random page, word, course or student. */
  growthRequests: number;
  hotConcurrencies: number[];
  purchases: number;
  purchaseLanes: number;
  /** Purchases stop starting after this long, so the run stays within its budget. */
  purchaseBudgetSec: number;
  /** Media: the size of the upload whose throughput is taken, and the length of the video transcoded. */
  uploadMiB: number;
  transcodeSeconds: number;
  buildFrontEnd: boolean;
  /** Conversation: questions asked in one course (its list is measured), and the students one announcement goes to. */
  questions: number;
  announcementStudents: number;
  /** Live class: the viewers who join one host together, and how long the class is measured after they joined. */
  liveViewers: number;
  liveSeconds: number;
  /** The whole run, from the start of the script, should end within this. */
  budgetSec: number;
}

export const FULL: Mode = {
  name: 'full',
  seed: 20_240_611,
  size: FULL_SIZE,
  growth: [1_000, 10_000, FULL_SIZE.courses],
  warmupSec: 1,
  durationSec: 3,
  runs: 3,
  concurrency: 10,
  probeLimitMs: 2_000,
  growthRequests: 200,
  hotConcurrencies: [10, 100],
  purchases: 200,
  purchaseLanes: 4,
  purchaseBudgetSec: 180,
  uploadMiB: 256,
  transcodeSeconds: 60,
  buildFrontEnd: true,
  questions: 100_000,
  announcementStudents: 10_000,
  liveViewers: 20,
  liveSeconds: 30,
  // Writing 100k courses takes 8 minutes of it; every section after the purchases needs the rest.
  budgetSec: 40 * 60,
};

/** The full run made small: the same seed and concurrency, less data, time and work. */
export const SMOKE: Mode = {
  ...FULL,
  name: 'smoke',
  size: SMOKE_SIZE,
  growth: [30, 100, SMOKE_SIZE.courses],
  warmupSec: 0,
  durationSec: 1,
  runs: 1,
  amount: 20,
  probeLimitMs: 30_000,
  growthRequests: 10,
  purchases: 4,
  purchaseLanes: 2,
  purchaseBudgetSec: 120,
  uploadMiB: 12,
  transcodeSeconds: 4,
  buildFrontEnd: false,
  questions: 300,
  announcementStudents: 50,
  liveViewers: 3,
  liveSeconds: 5,
  budgetSec: 30 * 60,
};
