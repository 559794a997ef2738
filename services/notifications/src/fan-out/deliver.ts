import type { HandlerContext } from '@liveedu/service-kit';
import { notificationId } from '../inbox/domain.ts';
import { addToInboxes, inBatches, insertNotifications, type NotificationDoc } from '../inbox/store.ts';
import { mailAtOnce } from '../mail/instant.ts';
import { outgoingMail } from '../mail/outgoing.ts';
import { queueForDigest } from '../mail/store.ts';
import { preferencesOfMany } from '../preferences/store.ts';
import { recipientsOf } from '../recipients/store.ts';
import type { Telling } from './domain.ts';

/**
 * Makes the event's notification for each recipient, in batches of a thousand (two at once):
 * the notifications (one per recipient and event, by their `_id`), each user's inbox, the next
 * digest of those who take this kind daily, and the mail of those who take it at once. Every write is guarded, so
 * the event handled again (delivered twice, or after a crash part-way) completes what is missing
 * and doubles nothing.
 */
export async function deliver(
  ctx: HandlerContext,
  event: { id: string },
  telling: Telling,
  recipientIds: readonly string[],
): Promise<void> {
  const batches = inBatches(recipientIds);
  const worker = async () => {
    for (let batch = batches.shift(); batch; batch = batches.shift())
      await deliverBatch(ctx, event, telling, batch);
  };
  await Promise.all([worker(), worker()]);
}

async function deliverBatch(ctx: HandlerContext, event: { id: string }, telling: Telling, batch: string[]) {
  const { db } = ctx;
  const [preferences, people] = await Promise.all([preferencesOfMany(db, batch), recipientsOf(db, batch)]);
  const now = new Date();
  const made: NotificationDoc[] = batch
    .filter((userId) => !people.get(userId)?.deleted)
    .map((userId) => ({
      _id: notificationId(event.id, userId),
      userId,
      eventId: event.id,
      kind: telling.kind,
      title: telling.title,
      link: telling.link(userId),
      createdAt: now,
      read: false,
      delivery: preferences.get(userId)?.[telling.kind] ?? 'off',
    }));
  const entries = made.map((n) => ({ userId: n.userId, id: n._id }));
  // The notifications first: an id in an inbox always names a stored notification.
  await insertNotifications(db, made);
  const daily = entries.filter((_entry, at) => made[at]?.delivery === 'daily');
  await Promise.all([addToInboxes(db, entries), queueForDigest(db, daily, now)]);
  const instant = made.filter((n) => n.delivery === 'instant');
  if (instant.length > 0) await mailAtOnce(db, outgoingMail(ctx.config), ctx.log, instant, people);
}
