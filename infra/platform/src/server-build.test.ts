import { readFileSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './paths.ts';
import { buildServers, builtServer, isServerStale } from './server-build.ts';

const SERVICE = join('services', 'todo');

/** Gives a file a later modification time (as an edit would), then puts the old one back. */
function touched<T>(file: string, run: () => T): T {
  const path = join(repoRoot, file);
  const { atime, mtime } = statSync(path);
  utimesSync(path, atime, new Date(Date.now() + 60_000));
  try {
    return run();
  } finally {
    utimesSync(path, atime, mtime);
  }
}

describe('the compiled servers the platform runs', () => {
  it('are compiled when a file that went into them changed, and not again after that', async () => {
    await buildServers({ dirs: [SERVICE], log: () => {} });
    expect(isServerStale(SERVICE)).toBe(false);
    // Its own source, a package compiled into it, that package's manifest.
    expect(touched(join(SERVICE, 'src', 'app.ts'), () => isServerStale(SERVICE))).toBe(true);
    expect(touched('packages/service-kit/src/mongo.ts', () => isServerStale(SERVICE))).toBe(true);
    expect(touched('packages/service-kit/package.json', () => isServerStale(SERVICE))).toBe(true);
    // A package it does not use.
    expect(touched('packages/ui/src/index.ts', () => isServerStale(SERVICE))).toBe(false);
  });

  it('leave out what a server does not use: the gateway loads no database driver, a service without buckets no S3 client, no server all of date-fns nor its mailer or PDF library before they are first needed', async () => {
    await buildServers({
      dirs: [SERVICE, 'gateway', 'services/identity', 'services/payments'],
      log: () => {},
    });
    /** The packages the compiled file imports as it starts (not those it may import later). */
    const loadedAtStart = (dir: string) => {
      const meta = JSON.parse(readFileSync(join(repoRoot, dir, 'dist', 'server.meta.json'), 'utf8')) as {
        outputs: Record<
          string,
          { entryPoint?: string; imports: { path: string; kind: string; external?: boolean }[] }
        >;
      };
      return Object.values(meta.outputs)
        .filter((output) => output.entryPoint)
        .flatMap((output) => output.imports)
        .filter((i) => i.external && i.kind === 'import-statement')
        .map((i) => i.path);
    };
    expect(loadedAtStart('gateway')).toContain('fastify');
    expect(loadedAtStart('gateway')).not.toContain('mongodb');
    expect(loadedAtStart('gateway')).not.toContain('minio');
    expect(loadedAtStart('gateway')).not.toContain('nodemailer');
    expect(loadedAtStart(SERVICE)).toContain('mongodb');
    expect(loadedAtStart(SERVICE)).not.toContain('minio');
    // Identity formats dates with date-fns: the functions it calls are compiled in, not the package loaded.
    expect(loadedAtStart('services/identity')).toContain('@node-rs/argon2');
    expect(loadedAtStart('services/identity').filter((name) => name.includes('date-fns'))).toEqual([]);
    // It sends mail, but loads the mail library with its first message.
    expect(loadedAtStart('services/identity')).not.toContain('nodemailer');
    // Payments draws invoices, but loads the PDF library with the first one.
    expect(loadedAtStart('services/payments')).toContain('mongodb');
    expect(loadedAtStart('services/payments')).not.toContain('pdfkit');
    expect(builtServer(SERVICE)).toBe(join(repoRoot, SERVICE, 'dist', 'server.mjs'));
  });
});
