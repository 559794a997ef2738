import type { HandlerContext, KitConfig } from '@liveedu/service-kit';
import { testDatabase } from '@liveedu/test-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboxCounts } from '../inbox/store.ts';
import { DIGESTS } from '../mail/store.ts';
import { deliver } from './deliver.ts';
import { announcementPosted } from './domain.ts';

let db: Db;
let drop: () => Promise<void> = async () => {};
beforeAll(async () => {
  ({ db, drop } = await testDatabase('notifications', 'fanout', [], { maxPoolSize: 20 }));
});
afterAll(() => drop());

const context = (): HandlerContext => ({
  db,
  config: { settings: {}, publicUrl: 'https://liveedu.example', internalSecret: 'x'.repeat(40) } as KitConfig,
  log: { warn() {}, error() {} } as unknown as FastifyBaseLogger,
  outbox: undefined as never,
});

describe('an announcement fanned out', () => {
  it('reaches ten thousand students once each, and again changes nothing', async () => {
    const students = Array.from({ length: 10_000 }, (_, n) => `ab${n.toString(16).padStart(22, '0')}`);
    const telling = announcementPosted({
      announcementId: 'n',
      courseId: 'c'.repeat(24),
      courseTitle: 'Sanskrit',
      tutorId: 'd'.repeat(24),
      title: 'Live class',
      postedAt: new Date().toISOString(),
    });
    await deliver(context(), { id: 'announced-1' }, telling, students);
    expect(await inboxCounts(db, students[9_999] as string)).toMatchObject({ total: 1, unread: 1 });
    await deliver(context(), { id: 'announced-1' }, telling, students.slice(0, 2_000));
    expect(await inboxCounts(db, students[1_234] as string)).toMatchObject({ total: 1, unread: 1 });
    // Announcements come daily by default: each student's next digest holds it once.
    expect((await DIGESTS.in(db).findOne({ _id: students[1_234] as string }))?.pending).toHaveLength(1);
  }, 60_000);
});
