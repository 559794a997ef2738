import { createHash } from 'node:crypto';

/**
 * The id of the notification one event makes for one recipient: the same however often the event
 * is delivered (so a repeat meets the unique `_id` and makes nothing), in the API's id form (24 hex).
 */
export function notificationId(eventId: string, recipientId: string): string {
  return createHash('sha256').update(`${eventId}:${recipientId}`).digest('hex').slice(0, 24);
}

/** Notifications per page of the list. */
export const PAGE_SIZE = 20;
