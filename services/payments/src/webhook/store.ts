import { isDuplicateKey, storedCollection } from '@liveedu/service-kit';
import type { Db } from 'mongodb';

export interface WebhookEventDoc {
  /** Razorpay's `X-Razorpay-Event-Id`. */
  _id: string;
  event: string;
  at: Date;
}

/** Webhook deliveries already acted on, by Razorpay's event id. */
export const WEBHOOK_EVENTS = storedCollection<WebhookEventDoc>('webhook_events');

/** Whether a delivery with this event id was already acted on. */
export async function alreadySeen(db: Db, eventId: string): Promise<boolean> {
  return (await WEBHOOK_EVENTS.in(db).findOne({ _id: eventId })) !== null;
}

/** Notes a delivery as acted on; a second note of the same id is no error. */
export async function noteSeen(db: Db, eventId: string, event: string): Promise<void> {
  await WEBHOOK_EVENTS.in(db)
    .insertOne({ _id: eventId, event, at: new Date() })
    .catch((error) => {
      if (!isDuplicateKey(error)) throw error;
    });
}
