import { isDuplicateKey } from '@liveedu/service-kit';
import type { Db } from 'mongodb';

/** Webhook deliveries already acted on, by Razorpay's event id. */
export const WEBHOOK_EVENTS = 'webhook_events';

export interface WebhookEventDoc {
  /** Razorpay's `X-Razorpay-Event-Id`. */
  _id: string;
  event: string;
  at: Date;
}

const webhookEventsOf = (db: Db) => db.collection<WebhookEventDoc>(WEBHOOK_EVENTS);

/** Whether a delivery with this event id was already acted on. */
export async function alreadySeen(db: Db, eventId: string): Promise<boolean> {
  return (await webhookEventsOf(db).findOne({ _id: eventId })) !== null;
}

/** Notes a delivery as acted on; a second note of the same id is no error. */
export async function noteSeen(db: Db, eventId: string, event: string): Promise<void> {
  await webhookEventsOf(db)
    .insertOne({ _id: eventId, event, at: new Date() })
    .catch((error) => {
      if (!isDuplicateKey(error)) throw error;
    });
}
