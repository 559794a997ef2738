import { isolation, testServers } from '@liveedu/test-kit';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyedList, keyedListDocs } from './keyed-list.ts';

let client: MongoClient;
beforeAll(async () => {
  client = new MongoClient(testServers().mongoUrl, { maxPoolSize: 60 });
  await client.connect();
});
afterAll(() => client.close());

const listIn = () => keyedList(client.db(isolation('keyed').dbName('kit')), 'lists');

describe('keyedList', () => {
  it('keeps ids newest first, once each, and pages them with the total', async () => {
    const list = listIn();
    expect(await list.add('owner', 'a')).toBe(true);
    expect(await list.add('owner', 'b')).toBe(true);
    expect(await list.add('owner', 'a')).toBe(false);
    expect(await list.add('owner', 'c')).toBe(true);
    expect(await list.page('owner', 0, 2)).toEqual({ ids: ['c', 'b'], total: 3 });
    expect(await list.page('owner', 2, 2)).toEqual({ ids: ['a'], total: 3 });
    expect(await list.page('owner', 6, 2)).toEqual({ ids: [], total: 3 });
    expect(await list.page('nobody', 0, 2)).toEqual({ ids: [], total: 0 });
    expect(await list.has('owner', 'b')).toBe(true);
    expect(await list.remove('owner', 'b')).toBe(true);
    expect(await list.remove('owner', 'b')).toBe(false);
    expect(await list.has('owner', 'b')).toBe(false);
    expect(await list.page('owner', 0, 10)).toEqual({ ids: ['c', 'a'], total: 2 });
    expect(await list.all('owner')).toEqual(['c', 'a']);
    expect(await list.all('nobody')).toEqual([]);
  });

  it('writes many lists at once as the list reads them, newest first and each id once', async () => {
    const db = client.db(isolation('keyed-docs').dbName('kit'));
    const docs = keyedListDocs([
      { owner: 'one', id: 'old', at: 1 },
      { owner: 'two', id: 'only', at: 5 },
      { owner: 'one', id: 'new', at: 3 },
      { owner: 'one', id: 'old', at: 2 },
    ]);
    await db.collection<{ _id: string }>('lists').insertMany(docs);
    const list = keyedList(db, 'lists');
    expect(await list.page('one', 0, 10)).toEqual({ ids: ['new', 'old'], total: 2 });
    expect(await list.all('two')).toEqual(['only']);
    expect(await list.add('one', 'newer')).toBe(true);
    expect(await list.add('one', 'old')).toBe(false);
    expect(await list.page('one', 0, 10)).toEqual({ ids: ['newer', 'new', 'old'], total: 3 });
  });

  it('tells how many ids each of several owners holds, 0 for one that has none', async () => {
    const list = listIn();
    await list.add('two', 'a');
    await list.add('two', 'b');
    await list.add('one', 'a');
    await list.add('emptied', 'a');
    await list.remove('emptied', 'a');
    expect(await list.sizes(['two', 'one', 'emptied', 'never'])).toEqual(
      new Map([
        ['two', 2],
        ['one', 1],
        ['emptied', 0],
        ['never', 0],
      ]),
    );
  });

  it('reads the newest ids of several owners at once, leaving out those with none', async () => {
    const list = listIn();
    for (const id of ['a', 'b', 'c']) await list.add('three', id);
    await list.add('one', 'x');
    await list.add('emptied', 'y');
    await list.remove('emptied', 'y');
    expect(await list.firstOf(['three', 'one', 'emptied', 'never'], 2)).toEqual(
      new Map([
        ['three', ['c', 'b']],
        ['one', ['x']],
      ]),
    );
    expect(await list.firstOf([], 2)).toEqual(new Map());
  });

  it('adds each id once and counts right when many writes race, the first ones included', async () => {
    const list = listIn();
    const ids = Array.from({ length: 40 }, (_, i) => `id${i % 20}`);
    const added = await Promise.all(ids.map((id) => list.add('racer', id)));
    expect(added.filter(Boolean)).toHaveLength(20);
    const page = await list.page('racer', 0, 100);
    expect(page.total).toBe(20);
    expect(new Set(page.ids).size).toBe(20);
    const removed = await Promise.all(ids.map((id) => list.remove('racer', id)));
    expect(removed.filter(Boolean)).toHaveLength(20);
    expect(await list.page('racer', 0, 100)).toEqual({ ids: [], total: 0 });
  });
});
