import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '..', '..');
const fixture = join('infra', 'docker', 'fixtures', 'throwing-server');

describe('a compiled server', () => {
  it("names the TypeScript lines in its stack traces, run as the images run it, without Node's source-map flag", async () => {
    await run(process.execPath, [join(root, 'infra', 'docker', 'build-server.mjs'), fixture], { cwd: root });
    const failed = await run(process.execPath, [join(root, fixture, 'dist', 'server.mjs')], {
      cwd: root,
    }).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(1);
    const source = join(root, fixture, 'src', 'server.ts');
    expect(failed?.stderr).toContain('Error: cannot start: no settings');
    expect(failed?.stderr).toContain(`at refuseToStart (${source}:3:9)`);
    expect(failed?.stderr).toContain(`at ${source}:6:1`);
  }, 60_000);
});
