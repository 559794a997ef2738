import { type ApiClientOptions, apiCalls } from './client.ts';
import { ApiError } from './errors.ts';

type Call = (path: string, opts?: object) => Promise<unknown>;

/**
 * The calls over paths the API document does not list yet (it does once generated again from the
 * service that answers them): the same requests as `apiCalls`, their answers typed by the caller.
 */
export function untypedCalls(options: ApiClientOptions) {
  const calls = apiCalls(options);
  return {
    get: calls.get as unknown as Call,
    post: calls.post as unknown as Call,
    put: calls.put as unknown as Call,
    del: calls.del as unknown as Call,
    getFile: calls.getFile as unknown as (path: string, opts?: object) => Promise<Blob>,
    url: calls.url as unknown as (path: string, params?: Record<string, string>) => string,
  };
}

/** `?name=value&…` of the fields given (the first page and empty fields left out). */
export function queryOf(fields: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === '' || (name === 'page' && Number(value) <= 1)) continue;
    search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** A post refused for coming too often: `retryAfterSec` says when the server takes one again, if it said. */
export class TooManyPostsError extends ApiError {
  readonly retryAfterSec: number | null;

  constructor(message: string, retryAfterSec: number | null) {
    super(message, 429);
    this.name = 'TooManyPostsError';
    this.retryAfterSec = retryAfterSec;
  }
}

/** A `Retry-After` header in seconds (it may also be an HTTP date); null when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, Math.round((at - now) / 1000));
}

/**
 * A post whose 429 carries the server's `Retry-After`, read off the answer before the client
 * turns it into an error: refused for coming too often, it throws `TooManyPostsError`.
 */
export async function rateLimitedPost<T>(
  options: ApiClientOptions,
  send: (calls: ReturnType<typeof untypedCalls>) => Promise<unknown>,
): Promise<T> {
  let retryAfter: string | null = null;
  const recording: typeof fetch = async (input, init) => {
    const response = await (options.fetch ?? globalThis.fetch)(input, init);
    retryAfter = response.headers.get('retry-after');
    return response;
  };
  try {
    return (await send(untypedCalls({ ...options, fetch: recording }))) as T;
  } catch (error) {
    if (error instanceof ApiError && error.status === 429) {
      throw new TooManyPostsError(error.message, retryAfterSeconds(retryAfter));
    }
    throw error;
  }
}
