import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { SERVER_BUILD_FILE } from '@liveedu/platform-registry';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { serverPages } from './server-pages.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A built host and catalog whose server builds are `host` and `catalog` (CommonJS sources). */
function builtSite(
  host: string,
  catalog: string | null = 'module.exports = { default: () => null, pageHead: () => ({}) };',
) {
  const root = mkdtempSync(join(tmpdir(), 'liveedu-site-'));
  dirs.push(root);
  const write = (dir: string, source: string) => {
    mkdirSync(join(root, dir, 'server'), { recursive: true });
    writeFileSync(join(root, dir, SERVER_BUILD_FILE), source);
  };
  write('host', host);
  if (catalog !== null) write('catalog', catalog);
  writeFileSync(
    join(root, 'host', 'index.html'),
    '<html><head><title>LiveEdu</title></head><body><div id="root"></div></body></html>',
  );
  return serverPages({
    hostDir: join(root, 'host'),
    remotes: { catalog: join(root, 'catalog') },
    remoteUrls: {},
    origin: 'https://liveedu.example',
    apiOrigin: () => 'http://127.0.0.1:1',
  });
}

function capturedLog() {
  const lines: Array<{ level: number; msg: string; path?: string }> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { log: pino({ level: 'info' }, stream), lines };
}

describe('public pages from the server', () => {
  it("answers the host server build's page, given the template and the catalog's build", async () => {
    const render = builtSite(
      `module.exports = { renderPage: async (r) => ({ status: 200, html: r.template.replace('<div id="root"></div>', '<div id="root">' + r.path + ' ' + typeof r.remotes.catalog.pageHead + '</div>') }) };`,
    );
    const { log } = capturedLog();
    expect(await render('/courses?sort=rating', log)).toEqual({
      status: 200,
      html: '<html><head><title>LiveEdu</title></head><body><div id="root">/courses?sort=rating function</div></body></html>',
    });
  });

  it('sends the page unrendered, logged, when the render fails', async () => {
    const render = builtSite(
      'module.exports = { renderPage: async () => { throw new Error("window is not defined"); } };',
    );
    const { log, lines } = capturedLog();
    expect(await render('/viewCouse/1', log)).toBeNull();
    expect(lines).toEqual([
      expect.objectContaining({
        level: 40,
        path: '/viewCouse/1',
        msg: 'page sent unrendered: the server could not render it',
      }),
    ]);
  });

  it('sends the page unrendered when a server build is missing, and tries again on the next page', async () => {
    const render = builtSite(
      'module.exports = { renderPage: async () => ({ status: 200, html: "ok" }) };',
      null,
    );
    const { log, lines } = capturedLog();
    expect(await render('/', log)).toBeNull();
    expect(await render('/', log)).toBeNull();
    expect(lines).toHaveLength(2);
  });
});
