import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformStack } from '../support/platform.ts';
import type { TestStack } from '../support/stack.ts';
import { fuzzerBin, fuzzerInstalled } from './fuzzer.mjs';
import { signInRoles } from './roles.ts';
import { failureTable, runSchemathesis } from './schemathesis.ts';

// The short, repeatable slice of `npm run fuzz`: the same checks over every operation as each
// role, with a fixed seed, one request at a time and few cases per operation. A route whose
// answers leave its contract fails here before the long run would find it.

let stack: TestStack;
let reportDir: string;

beforeAll(async () => {
  if (!fuzzerInstalled()) throw new Error(`Schemathesis is not installed (${fuzzerBin()}): run npm test`);
  reportDir = await mkdtemp(join(tmpdir(), 'liveedu-fuzz-slice-'));
  stack = await startPlatformStack({ razorpay: true });
}, 120_000);

afterAll(async () => {
  await stack?.close();
  await rm(reportDir, { recursive: true, force: true });
});

describe('the API against its own published contract', () => {
  it('answers every generated request as its document says, as a student, a tutor and the admin', async () => {
    const roles = await signInRoles(stack.url, stack.env.ADMIN_PASSWORD as string);
    const results = [];
    for (const role of roles) {
      results.push(
        await runSchemathesis({ url: stack.url, role, seed: 7, maxExamples: 6, workers: 1, reportDir }),
      );
    }
    const table = failureTable(results);
    expect(
      results.every((r) => r.requests > 300),
      table,
    ).toBe(true);
    expect(
      results.flatMap((r) => r.failures.map((f) => `${r.role} ${f.code} ${f.operations.join(', ')}`)),
      table,
    ).toEqual([]);
    expect(results.map((r) => r.errors)).toEqual([0, 0, 0]);
  }, 480_000);
});
