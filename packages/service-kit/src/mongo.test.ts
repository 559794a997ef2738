import { testServers } from '@liveedu/test-kit';
import { describe, expect, it } from 'vitest';
import { connectMongo, POOL_CHECK_MS } from './mongo.ts';

interface PoolOptions {
  minPoolSizeCheckFrequencyMS: number;
}

describe('connectMongo', () => {
  it("keeps an idle service asleep: each server's pool checks its size every 10 s, not every 100 ms", async () => {
    const mongo = await connectMongo(testServers().mongoUrl, 'kit-pool');
    try {
      await mongo.db.command({ ping: 1 });
      // The driver's own objects, read where it keeps them: the test fails if an upgrade stops
      // taking the period from the parsed options (and idle services wake ten times a second again).
      const topology = (mongo.client as unknown as { topology: { s: { servers: Map<string, unknown> } } })
        .topology;
      const pools = [...topology.s.servers.values()].map(
        (server) => (server as { pool: { options: PoolOptions } }).pool.options,
      );
      expect(pools.length).toBeGreaterThan(0);
      for (const pool of pools) expect(pool.minPoolSizeCheckFrequencyMS).toBe(POOL_CHECK_MS);
    } finally {
      await mongo.close();
    }
  });
});
