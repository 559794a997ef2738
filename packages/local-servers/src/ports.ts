import { createServer, Socket } from 'node:net';

/** A TCP port on 127.0.0.1 that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (address === null || typeof address === 'string') {
        server.close();
        reject(new Error('could not read the port of a listening socket'));
        return;
      }
      const { port } = address;
      server.close(() => resolvePort(port));
    });
  });
}

/** Resolves true when something accepts a TCP connection on 127.0.0.1:port. */
export function canConnect(port: number, host = '127.0.0.1', timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolveConnect) => {
    const socket = new Socket();
    const done = (ok: boolean) => {
      socket.destroy();
      resolveConnect(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('error', () => done(false));
    socket.connect(port, host, () => done(true));
  });
}

/** Connects and returns the first line the server sends (NATS greets with `INFO {...}`). */
export function readGreeting(port: number, host = '127.0.0.1', timeoutMs = 2000): Promise<string> {
  return new Promise((resolveLine, reject) => {
    const socket = new Socket();
    let buffer = '';
    const finish = (error: Error | null, line?: string) => {
      socket.destroy();
      if (error) reject(error);
      else resolveLine(line ?? '');
    };
    socket.setTimeout(timeoutMs, () =>
      finish(new Error(`no greeting from ${host}:${port} in ${timeoutMs} ms`)),
    );
    socket.once('error', (error) => finish(error));
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      const end = buffer.indexOf('\r\n');
      if (end >= 0) finish(null, buffer.slice(0, end));
    });
    socket.once('end', () => finish(new Error(`${host}:${port} closed the connection before greeting`)));
    socket.connect(port, host);
  });
}
