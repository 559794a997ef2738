import type { CallerIdentity } from '@liveedu/contracts';
import { HttpError } from '@liveedu/service-kit';
import { LRUCache } from 'lru-cache';

/** The log-in session a token names: its id and the user's token version when it was issued. */
export interface TokenSession {
  sid: string;
  tv: number;
}

export interface AccessCacheOptions {
  maxEntries: number;
  ttlMs: number;
  /** Reads the user's current access (for that session) from identity; rejects with an HttpError. */
  load(userId: string, requestId: string, session?: TokenSession): Promise<CallerIdentity>;
}

interface Flight {
  userId: string;
  promise: Promise<CallerIdentity>;
  /** Set when the user changed while identity was being asked: the answer may predate the change. */
  stale: boolean;
}

const keyOf = (userId: string, session?: TokenSession) =>
  session ? `${userId}:${session.sid}:${session.tv}` : userId;

/**
 * Each user's role (per log-in session) as identity last told it, kept so an authenticated call
 * needs no round trip. Entries are trusted only while identity's user events are being followed
 * (`live`); otherwise identity is asked every time and an entry only stands in when identity
 * cannot answer. A change of the user (a role, a deletion, an ended session) drops all of the
 * user's entries.
 */
export class AccessCache {
  private readonly entries: LRUCache<string, CallerIdentity>;
  private readonly keysOfUser = new Map<string, Set<string>>();
  private readonly flights = new Map<string, Flight>();
  private readonly load: AccessCacheOptions['load'];
  private isLive = false;

  constructor(opts: AccessCacheOptions) {
    this.entries = new LRUCache<string, CallerIdentity>({
      max: opts.maxEntries,
      ttl: opts.ttlMs,
      dispose: (identity, key) => this.forgetKey(identity.userId, key),
    });
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

  async access(userId: string, requestId: string, session?: TokenSession): Promise<CallerIdentity> {
    const key = keyOf(userId, session);
    const cached = this.entries.get(key);
    if (cached && this.isLive) return cached;
    try {
      return await this.fetch(key, userId, requestId, session);
    } catch (error) {
      // Identity being down should not log out everyone it already vouched for.
      if (cached && error instanceof HttpError && error.statusCode === 503) return cached;
      throw error;
    }
  }

  /** The user changed, was deleted, or some of their sessions ended. */
  invalidate(userId: string): void {
    for (const key of [...(this.keysOfUser.get(userId) ?? [])]) this.entries.delete(key);
    this.keysOfUser.delete(userId);
    for (const [key, flight] of this.flights) {
      if (flight.userId !== userId) continue;
      flight.stale = true;
      this.flights.delete(key);
    }
  }

  clear(): void {
    this.entries.clear();
    this.keysOfUser.clear();
    for (const flight of this.flights.values()) flight.stale = true;
    this.flights.clear();
  }

  private remember(key: string, identity: CallerIdentity): void {
    this.entries.set(key, identity);
    let keys = this.keysOfUser.get(identity.userId);
    if (!keys) {
      keys = new Set();
      this.keysOfUser.set(identity.userId, keys);
    }
    keys.add(key);
  }

  private forgetKey(userId: string, key: string): void {
    const keys = this.keysOfUser.get(userId);
    if (!keys) return;
    keys.delete(key);
    if (keys.size === 0) this.keysOfUser.delete(userId);
  }

  /** Concurrent calls of one session share one question to identity. */
  private fetch(
    key: string,
    userId: string,
    requestId: string,
    session?: TokenSession,
  ): Promise<CallerIdentity> {
    const running = this.flights.get(key);
    if (running) return running.promise;
    const flight: Flight = {
      userId,
      stale: false,
      promise: this.load(userId, requestId, session).then(
        (identity) => {
          if (!flight.stale) this.remember(key, identity);
          return identity;
        },
        (error: unknown) => {
          if (!(error instanceof HttpError && error.statusCode === 503)) this.entries.delete(key);
          throw error;
        },
      ),
    };
    flight.promise
      .finally(() => {
        if (this.flights.get(key) === flight) this.flights.delete(key);
      })
      .catch(() => {});
    this.flights.set(key, flight);
    return flight.promise;
  }
}
