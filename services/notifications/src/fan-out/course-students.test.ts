import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { KitConfig } from '@liveedu/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseStudents } from './course-students.ts';

const courseId = 'c'.repeat(24);
const firstPage = ['a'.repeat(24), 'b'.repeat(24)];
const lastPage = ['d'.repeat(24)];

/** The catalog's list of a course's students, in two pages; each ask is recorded as it arrives. */
let catalog: Server;
const asked: (string | null)[] = [];
let onAsk = () => {};
beforeAll(async () => {
  catalog = createServer((request, response) => {
    const after = new URL(request.url ?? '/', 'http://x').searchParams.get('after');
    asked.push(after);
    onAsk();
    const body =
      after === null ? { studentIds: firstPage, next: firstPage[1] } : { studentIds: lastPage, next: null };
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  catalog.listen(0, '127.0.0.1');
  await once(catalog, 'listening');
});
afterAll(() => catalog?.close());

const config = () =>
  ({
    settings: { CATALOG_URL: `http://127.0.0.1:${(catalog.address() as AddressInfo).port}` },
    publicUrl: 'https://liveedu.example',
    internalSecret: 'x'.repeat(40),
  }) as unknown as KitConfig;

/** Resolves once the catalog has been asked `count` times; rejects after two seconds. */
function askedTimes(count: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`asked ${asked.length} times, not ${count}`)), 2_000);
    const check = () => {
      if (asked.length < count) return;
      clearTimeout(timer);
      resolve();
    };
    onAsk = check;
    check();
  });
}

describe("a course's students for a notification", () => {
  it('asks for the next page while the one before is being delivered, and for no page after the last', async () => {
    const pages = courseStudents(config(), courseId, 'r');
    expect((await pages.next()).value).toEqual(firstPage);
    // The first page is in hand and not yet delivered: the second is already on its way.
    await askedTimes(2);
    expect(asked).toEqual([null, firstPage[1]]);
    expect((await pages.next()).value).toEqual(lastPage);
    expect((await pages.next()).done).toBe(true);
    expect(asked).toHaveLength(2);
  });
});
