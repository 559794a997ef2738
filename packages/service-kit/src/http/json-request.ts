/**
 * One JSON request to another service over Node's own HTTP client, on connections kept open
 * between calls. `fetch` costs the caller several times the CPU per call (its streams and
 * headers objects); an order-history page spent a seventh of its time in it.
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

/**
 * A connection left idle this long is closed by the caller: well before a fastify callee closes
 * it (72 s), so a call is rarely sent on a connection the callee is closing.
 */
const IDLE_CLOSE_MS = 30_000;
const agents = {
  'http:': new HttpAgent({ keepAlive: true, timeout: IDLE_CLOSE_MS }),
  'https:': new HttpsAgent({ keepAlive: true, timeout: IDLE_CLOSE_MS }),
};

export interface JsonAnswer {
  status: number;
  /** The parsed body; undefined when it was empty or not JSON. */
  body: unknown;
}

function readJson(response: IncomingMessage): Promise<JsonAnswer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('error', reject);
    // Closed before its end (the deadline passed mid-body, the callee went away): no answer.
    response.on('close', () => {
      if (!response.complete) reject(new Error('the answer was cut short'));
    });
    response.on('end', () => {
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        body = undefined;
      }
      resolve({ status: response.statusCode ?? 0, body });
    });
  });
}

/** Sends the request; rejects on no connection, a protocol error or `timeoutMs` without the whole answer. */
export function jsonRequest(
  url: string,
  opts: { method: string; headers: Record<string, string>; body?: string; timeoutMs: number },
): Promise<JsonAnswer> {
  // One deadline for the answer and its body alike, a second try included.
  const signal = AbortSignal.timeout(opts.timeoutMs);
  return send(new URL(url), opts, signal).catch((error: unknown) => {
    // A kept connection the callee closed as the call went out: the callee never saw the call
    // (nothing came back), so it is sent once more on a new connection.
    if ((error as { reusedSocket?: boolean }).reusedSocket && !signal.aborted) {
      return send(new URL(url), opts, signal);
    }
    throw error;
  });
}

function send(
  target: URL,
  opts: { method: string; headers: Record<string, string>; body?: string },
  signal: AbortSignal,
): Promise<JsonAnswer> {
  const secure = target.protocol === 'https:';
  const request = secure ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    let answered = false;
    const outgoing = request(target, {
      method: opts.method,
      headers:
        opts.body === undefined
          ? opts.headers
          : { ...opts.headers, 'content-length': Buffer.byteLength(opts.body) },
      agent: agents[secure ? 'https:' : 'http:'],
      signal,
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      const closedUnderUs = !answered && outgoing.reusedSocket && error.code === 'ECONNRESET';
      reject(closedUnderUs ? Object.assign(error, { reusedSocket: true }) : error);
    });
    outgoing.on('response', (response) => {
      answered = true;
      readJson(response).then(resolve, reject);
    });
    outgoing.end(opts.body);
  });
}
