import type { CallerIdentity } from '@liveedu/contracts';
import { HttpError } from '@liveedu/service-kit';
import { LRUCache } from 'lru-cache';

export interface AccessCacheOptions {
  maxEntries: number;
  ttlMs: number;
  /** Reads the user's current access from identity; rejects with an HttpError. */
  load(userId: string, requestId: string): Promise<CallerIdentity>;
}

interface Flight {
  promise: Promise<CallerIdentity>;
  /** Set when the user changed while identity was being asked: the answer may predate the change. */
  stale: boolean;
}

/**
 * Each user's role as identity last told it, kept so an authenticated call needs no round trip.
 * Entries are trusted only while identity's user events are being followed (`live`); otherwise
 * identity is asked every time and an entry only stands in when identity cannot answer.
 */
export class AccessCache {
  private readonly entries: LRUCache<string, CallerIdentity>;
  private readonly flights = new Map<string, Flight>();
  private readonly load: AccessCacheOptions['load'];
  private isLive = false;

  constructor(opts: AccessCacheOptions) {
    this.entries = new LRUCache<string, CallerIdentity>({ max: opts.maxEntries, ttl: opts.ttlMs });
    this.load = opts.load;
  }

  get size(): number {
    return this.entries.size;
  }

  get live(): boolean {
    return this.isLive;
  }

  /** Entries kept while no events arrived may have missed a change, so any switch drops them all. */
  set live(value: boolean) {
    if (value === this.isLive) return;
    this.isLive = value;
    this.clear();
  }

  async access(userId: string, requestId: string): Promise<CallerIdentity> {
    const cached = this.entries.get(userId);
    if (cached && this.isLive) return cached;
    try {
      return await this.fetch(userId, requestId);
    } catch (error) {
      // Identity being down should not log out everyone it already vouched for.
      if (cached && error instanceof HttpError && error.statusCode === 503) return cached;
      throw error;
    }
  }

  /** The user changed or was deleted. */
  invalidate(userId: string): void {
    this.entries.delete(userId);
    const flight = this.flights.get(userId);
    if (flight) {
      flight.stale = true;
      this.flights.delete(userId);
    }
  }

  clear(): void {
    this.entries.clear();
    for (const flight of this.flights.values()) flight.stale = true;
    this.flights.clear();
  }

  /** Concurrent calls of one user share one question to identity. */
  private fetch(userId: string, requestId: string): Promise<CallerIdentity> {
    const running = this.flights.get(userId);
    if (running) return running.promise;
    const flight: Flight = {
      stale: false,
      promise: this.load(userId, requestId).then(
        (identity) => {
          if (!flight.stale) this.entries.set(userId, identity);
          return identity;
        },
        (error: unknown) => {
          if (!(error instanceof HttpError && error.statusCode === 503)) this.entries.delete(userId);
          throw error;
        },
      ),
    };
    flight.promise
      .finally(() => {
        if (this.flights.get(userId) === flight) this.flights.delete(userId);
      })
      .catch(() => {});
    this.flights.set(userId, flight);
    return flight.promise;
  }
}
