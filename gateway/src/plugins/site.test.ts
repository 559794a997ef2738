import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { SERVER_BUILD_FILE } from '@liveedu/platform-registry';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { loadGatewayConfig } from '../config.ts';
import { site } from './site.ts';

const dirs: string[] = [];
const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const SCRIPT = `console.log(${JSON.stringify('a page of the course marketplace '.repeat(200))});\n`;
const PAGE = `<html><head><title>All courses</title></head><body><div id="root">${'<p>A course</p>'.repeat(200)}</div></body></html>`;

/** A file as the build leaves it: itself, and its Brotli and gzip copies. */
function writeBuilt(dir: string, name: string, text: string) {
  writeFileSync(join(dir, name), text);
  writeFileSync(join(dir, `${name}.br`), brotliCompressSync(text));
  writeFileSync(join(dir, `${name}.gz`), gzipSync(text));
}

/** The gateway's site over a built host (whose server build renders `html`) and catalog. */
async function servedSite(html: string) {
  const root = mkdtempSync(join(tmpdir(), 'liveedu-site-'));
  dirs.push(root);
  const host = join(root, 'host');
  const catalog = join(root, 'catalog');
  mkdirSync(join(host, 'server'), { recursive: true });
  mkdirSync(join(catalog, 'server'), { recursive: true });
  writeBuilt(host, 'index.html', '<html><body><div id="root"></div></body></html>');
  writeBuilt(host, 'main.0123abcd.js', SCRIPT);
  writeBuilt(catalog, 'remoteEntry.js', SCRIPT);
  writeFileSync(
    join(host, SERVER_BUILD_FILE),
    `module.exports = { renderPage: async () => ({ status: 200, html: ${JSON.stringify(html)} }) };`,
  );
  writeFileSync(
    join(catalog, SERVER_BUILD_FILE),
    'module.exports = { default: () => null, pageHead: () => ({}) };',
  );
  const config = loadGatewayConfig({});
  config.site = {
    publicUrl: 'https://liveedu.example',
    hostDir: host,
    remotes: { catalog },
    remoteUrls: {},
    remoteInternalUrls: {},
  };
  const app = Fastify();
  apps.push(app);
  await site(app, config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

const get = (app: FastifyInstance, url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('the site served by the gateway', () => {
  it('sends a built file compressed as the browser accepts it, the same bytes once decoded', async () => {
    const app = await servedSite(PAGE);
    const br = await get(app, '/main.0123abcd.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    const gz = await get(app, '/main.0123abcd.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await get(app, '/main.0123abcd.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(SCRIPT);
    for (const reply of [br, gz, plain]) expect(reply.headers.vary).toMatch(/accept-encoding/i);
  });

  it('keeps hashed files a year and revalidates the files that name them, compressed or not', async () => {
    const app = await servedSite(PAGE);
    for (const encoding of ['br', undefined]) {
      expect((await get(app, '/main.0123abcd.js', encoding)).headers['cache-control']).toBe(
        'public, max-age=31536000, immutable',
      );
      const entry = await get(app, '/mf/catalog/remoteEntry.js', encoding);
      expect(entry.headers['content-encoding']).toBe(encoding);
      expect(entry.headers['cache-control']).toBe('no-cache');
      expect((await get(app, '/app-config.json', encoding)).headers['cache-control']).toBe('no-cache');
    }
  });

  it('compresses a page rendered for the request', async () => {
    const app = await servedSite(PAGE);
    const page = await get(app, '/courses', 'br;q=1, gzip;q=0.5');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(PAGE);
    const gz = await get(app, '/courses', 'gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(PAGE);
    expect((await get(app, '/courses')).payload).toBe(PAGE);
  });

  it('sends a page too small to gain from compression as it is', async () => {
    const small = '<html><body><div id="root">A course</div></body></html>';
    const app = await servedSite(small);
    const page = await get(app, '/courses', 'br');
    expect(page.headers['content-encoding']).toBeUndefined();
    expect(page.payload).toBe(small);
  });
});
