import type { FastifyBaseLogger } from 'fastify';
import type { Db } from 'mongodb';
import { presentNotification } from '../inbox/present.ts';
import { inboxCounts, inboxIds, notificationsByIds } from '../inbox/store.ts';
import { newerThan, sseEvent } from './domain.ts';

/** The newest ids a stream looks at: more new ones at once than this, and the oldest are skipped. */
const WINDOW = 50;

interface Watch {
  db: Db;
  log: FastifyBaseLogger;
  userId: string;
  checkMs: number;
  send(frame: string): void;
}

/**
 * Sends the notifications of the user's inbox newer than `lastSeen`, oldest first, each with the
 * unread count; answers the newest id sent (or `lastSeen` when there was none).
 */
async function sendNewer(watch: Watch, lastSeen: string | null, known: number, unread: number) {
  const newest = await inboxIds(watch.db, watch.userId, { unread: false, skip: 0, limit: WINDOW, known });
  const fresh = newerThan(newest, lastSeen);
  for (const doc of await notificationsByIds(watch.db, watch.userId, fresh)) {
    watch.send(sseEvent('notification', { ...presentNotification(doc), unread }, doc._id));
  }
  return newest[0] ?? lastSeen;
}

/**
 * Starts a stream: the unread count, then (with `resume`, a `Last-Event-ID`) what came after that
 * notification; then every `checkMs` it reads the user's inbox version by key and sends what is
 * new — notifications, or the unread count when only that changed (read elsewhere) — wherever
 * the notification was written. Answers the stop to call when the client goes.
 */
export async function watchInbox(watch: Watch, resume: string | null): Promise<() => void> {
  let counts = await inboxCounts(watch.db, watch.userId);
  watch.send(sseEvent('unread', { unread: counts.unread }));
  const newest = await inboxIds(watch.db, watch.userId, {
    unread: false,
    skip: 0,
    limit: 1,
    known: counts.total,
  });
  let lastSeen =
    resume === null ? (newest[0] ?? null) : await sendNewer(watch, resume, counts.total, counts.unread);

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const check = async () => {
    try {
      const now = await inboxCounts(watch.db, watch.userId);
      if (now.version !== counts.version) {
        const before = lastSeen;
        lastSeen = await sendNewer(watch, lastSeen, now.total, now.unread);
        if (lastSeen === before && now.unread !== counts.unread) {
          watch.send(sseEvent('unread', { unread: now.unread }));
        }
        counts = now;
      }
    } catch (error) {
      watch.log.warn({ err: error }, 'could not read the inbox for a stream');
    }
    if (!stopped) timer = setTimeout(check, watch.checkMs);
  };
  timer = setTimeout(check, watch.checkMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
