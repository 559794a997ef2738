import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonRequest } from './json-request.ts';

/** Requests seen, by path; each connection's own count decides whether it is cut. */
const seen = new Map<string, number>();
const callsOn = new WeakMap<Socket, number>();
let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = request.url ?? '';
    seen.set(path, (seen.get(path) ?? 0) + 1);
    const onThisConnection = (callsOn.get(request.socket) ?? 0) + 1;
    callsOn.set(request.socket, onThisConnection);
    // A callee closing a kept connection as another call arrives on it, or closing every time.
    if ((path === '/closes-kept' && onThisConnection > 1) || path === '/always-cut') {
      request.socket.destroy();
      return;
    }
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ path, onThisConnection }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const get = (path: string) =>
  jsonRequest(`${base}${path}`, { method: 'GET', headers: { accept: 'application/json' }, timeoutMs: 2_000 });

describe('a JSON request to another service', () => {
  it('keeps its connection for the next call', async () => {
    await get('/kept');
    expect(await get('/kept')).toEqual({ status: 200, body: { path: '/kept', onThisConnection: 2 } });
  });

  it('sends a call again, on a new connection, when the kept one is closed under it', async () => {
    await get('/first');
    const answer = await get('/closes-kept');
    expect(answer).toEqual({ status: 200, body: { path: '/closes-kept', onThisConnection: 1 } });
    expect(seen.get('/closes-kept')).toBe(2);
  });

  it('does not send again a call cut on a new connection', async () => {
    server.closeAllConnections();
    await expect(get('/always-cut')).rejects.toThrow();
    expect(seen.get('/always-cut')).toBe(1);
  });
});
