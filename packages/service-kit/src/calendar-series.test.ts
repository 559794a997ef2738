import { isolation, testServers } from '@liveedu/test-kit';
import { type Collection, MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriesPerKey } from './calendar-series.ts';

interface Sale {
  tutorId: string;
  day: string;
  month: string;
  paise: number;
}

let client: MongoClient;
let sales: Collection<Sale>;
beforeAll(async () => {
  client = await MongoClient.connect(testServers().mongoUrl);
  sales = client.db(isolation().dbName('series')).collection<Sale>('sales');
  await sales.insertMany([
    { tutorId: 'a', day: '2026-02-27', month: '2026-02', paise: 100 },
    { tutorId: 'a', day: '2026-03-01', month: '2026-03', paise: 250 },
    { tutorId: 'a', day: '2026-03-01', month: '2026-03', paise: 50 },
    { tutorId: 'b', day: '2026-03-01', month: '2026-03', paise: 999 },
    { tutorId: 'a', day: '2026-03-03', month: '2026-03', paise: 7 },
  ]);
});
afterAll(() => client?.close());

describe('seriesPerKey', () => {
  const days = ['2026-02-28', '2026-03-01', '2026-03-02'];

  it('counts the documents of each key in range, zero where there were none', async () => {
    expect(await seriesPerKey(sales, 'day', days)).toEqual([0, 3, 0]);
    expect(await seriesPerKey(sales, 'month', ['2026-01', '2026-02', '2026-03'])).toEqual([0, 1, 4]);
  });

  it('sums a field over the documents that also match a filter', async () => {
    expect(await seriesPerKey(sales, 'day', days, { match: { tutorId: 'a' }, sum: 'paise' })).toEqual([
      0, 300, 0,
    ]);
  });

  it('answers nothing for no keys', async () => {
    expect(await seriesPerKey(sales, 'day', [])).toEqual([]);
  });
});
