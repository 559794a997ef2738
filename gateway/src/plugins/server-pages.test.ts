import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { SERVER_BUILD_FILE } from '@liveedu/platform-registry';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serverPages } from './server-pages.ts';

const dirs: string[] = [];
const servers: Server[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  for (const server of servers.splice(0)) server.close();
  vi.useRealTimers();
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
    const { render } = builtSite(
      `module.exports = { renderPage: async (r) => ({ status: 200, html: r.template.replace('<div id="root"></div>', '<div id="root">' + r.path + ' ' + typeof r.remotes.catalog.pageHead + '</div>') }) };`,
    );
    const { log } = capturedLog();
    expect(await render('/courses?sort=rating', log)).toEqual({
      status: 200,
      html: '<html><head><title>LiveEdu</title></head><body><div id="root">/courses?sort=rating function</div></body></html>',
    });
  });

  it('sends the page unrendered, logged, when the render fails', async () => {
    const { render } = builtSite(
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
    const { render } = builtSite(
      'module.exports = { renderPage: async () => ({ status: 200, html: "ok" }) };',
      null,
    );
    const { log, lines } = capturedLog();
    expect(await render('/', log)).toBeNull();
    expect(await render('/', log)).toBeNull();
    expect(lines).toHaveLength(2);
  });
});

/** A deployment's host (and, behind it, the catalog) as files over HTTP, changeable as a redeploy changes them. */
async function deployedHost(files: Record<string, string>) {
  const server = createServer((request, response) => {
    const body = files[request.url ?? ''];
    response.writeHead(body === undefined ? 404 : 200).end(body ?? 'not found');
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const hostUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return serverPages({
    hostUrl,
    remotes: {},
    // As the browser is told: the host forwards the remote's paths.
    remoteUrls: { catalog: '/mf/catalog/mf-manifest.json' },
    origin: 'https://liveedu.example',
    apiOrigin: () => 'http://127.0.0.1:1',
  });
}

const hostBuild = (word: string) =>
  `module.exports = { renderPage: async (r) => ({ status: 200, html: r.template.replace('<div id="root"></div>', '<div id="root">${word} ' + r.path + '</div>') }) };`;
const CATALOG_BUILD = 'module.exports = { default: () => null, pageHead: () => ({}) };';

describe("public pages from a deployment's host", () => {
  it('renders with the builds and page read from the host, and reads them again after a redeploy', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const files: Record<string, string> = {
      '/index.html':
        '<html><body><div id="root"></div><script src="/main.aaaaaaaa.js"></script></body></html>',
      '/server/render.cjs': hostBuild('first'),
      '/mf/catalog/mf-manifest.json': '{"name":"catalog","v":1}',
      '/mf/catalog/server/render.cjs': CATALOG_BUILD,
    };
    const pages = await deployedHost(files);
    const { log } = capturedLog();
    expect((await pages.render('/courses', log))?.html).toBe(
      '<html><body><div id="root">first /courses</div><script src="/main.aaaaaaaa.js"></script></body></html>',
    );
    // A new host: new file names in its page, a new build.
    files['/index.html'] =
      '<html><body><div id="root"></div><script src="/main.bbbbbbbb.js"></script></body></html>';
    files['/server/render.cjs'] = hostBuild('second');
    expect((await pages.render('/courses', log))?.html).toContain('first');
    vi.setSystemTime(Date.now() + 11_000);
    expect((await pages.render('/courses', log))?.html).toBe(
      '<html><body><div id="root">second /courses</div><script src="/main.bbbbbbbb.js"></script></body></html>',
    );
  });

  it("sends the host's page unrendered when a build cannot be read, and nothing when the host is down", async () => {
    const files: Record<string, string> = {
      '/index.html': '<html><body><div id="root"></div></body></html>',
      '/server/render.cjs': hostBuild('first'),
    };
    const pages = await deployedHost(files);
    const { log, lines } = capturedLog();
    expect(await pages.render('/', log)).toBeNull();
    expect(lines[0]?.msg).toBe('page sent unrendered: the server could not render it');
    expect(await pages.unrendered()).toBe('<html><body><div id="root"></div></body></html>');
    for (const server of servers) server.close();
    delete files['/index.html'];
    expect(await pages.unrendered()).toBeNull();
  });
});
