import { LRUCache } from 'lru-cache';

/** What the gateway keeps of an upstream answer: enough to send it again byte for byte. */
export interface CachedAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  etag?: string;
}

/** Response headers kept with a cached answer; the rest are per-response (date, connection…). */
const KEPT_HEADERS = ['content-type', 'etag', 'cache-control', 'vary', 'last-modified'];

/**
 * How long a shared cache may keep an answer, from its `Cache-Control`, in ms (0: not at all).
 * Only answers their service marks `public` with an `s-maxage` are kept: the service decides
 * what is the same for every anonymous caller, the gateway never guesses.
 */
export function sharedMaxAgeMs(cacheControl: string | undefined): number {
  if (!cacheControl) return 0;
  const directives = cacheControl
    .toLowerCase()
    .split(',')
    .map((d) => d.trim());
  if (!directives.includes('public')) return 0;
  if (directives.some((d) => d === 'private' || d === 'no-store')) return 0;
  const sMaxAge = directives.find((d) => d.startsWith('s-maxage='));
  const seconds = sMaxAge ? Number(sMaxAge.slice('s-maxage='.length)) : 0;
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0;
}

/**
 * Anonymous answers to public reads, kept for the few seconds their service allows (`s-maxage`)
 * and dropped at once when an event says the data behind them changed. Bounded by entry count
 * and by bytes, so a crawl of every page cannot grow the gateway without limit.
 */
export class PublicCache {
  private readonly answers: LRUCache<string, CachedAnswer>;
  private readonly maxBodyBytes: number;
  private readonly maxTtlMs: number;
  /** Answers started before the last `clear()` may describe the old data: they are not kept. */
  private generation = 0;

  constructor(opts: { maxEntries: number; maxBytes: number; maxBodyBytes: number; maxTtlMs: number }) {
    this.maxBodyBytes = opts.maxBodyBytes;
    this.maxTtlMs = opts.maxTtlMs;
    this.answers = new LRUCache<string, CachedAnswer>({
      max: opts.maxEntries,
      maxSize: opts.maxBytes,
      sizeCalculation: (answer) => answer.body.length + 256,
      ttl: opts.maxTtlMs,
      ttlAutopurge: false,
    });
  }

  get size(): number {
    return this.answers.size;
  }

  /** The generation an upstream request starts in; pass it back to `store`. */
  get current(): number {
    return this.generation;
  }

  get(key: string): CachedAnswer | undefined {
    return this.answers.get(key);
  }

  /** Keeps an answer if its service allows it and nothing changed since the request started. */
  store(
    key: string,
    startedIn: number,
    status: number,
    headers: Record<string, string | string[] | number | undefined>,
    body: Buffer,
  ): boolean {
    if (startedIn !== this.generation || status !== 200 || body.length > this.maxBodyBytes) return false;
    if (headers['set-cookie']) return false;
    const ttl = Math.min(sharedMaxAgeMs(headerValue(headers['cache-control'])), this.maxTtlMs);
    if (ttl <= 0) return false;
    const kept: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = headerValue(headers[name]);
      if (value !== undefined) kept[name] = value;
    }
    const etag = kept.etag;
    this.answers.set(key, { status, headers: kept, body, ...(etag ? { etag } : {}) }, { ttl });
    return true;
  }

  /** The data behind public answers changed: forget them all. */
  clear(): void {
    this.generation += 1;
    this.answers.clear();
  }
}

function headerValue(value: string | string[] | number | undefined): string | undefined {
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.join(', ') : String(value);
}

/** Whether a request's `If-None-Match` names the answer's ETag (weak comparison, as for GET). */
export function notModified(ifNoneMatch: string | undefined, etag: string | undefined): boolean {
  if (!ifNoneMatch || !etag) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => bare(tag) === bare(etag));
}
