import { randomUUID } from 'node:crypto';
import type { IntegrationEvent } from '@liveedu/contracts';
import type { Document } from 'mongodb';

/** The events a business document carries, and since when (the sweep's index). */
export const OUTBOX_FIELD = '_outbox';
export const OUTBOX_SINCE_FIELD = '_outboxAt';
/** Facts without a document of their own. */
export const OUTBOX_COLLECTION = 'outbox';

export function newEvent<TType extends string, TData>(
  type: TType,
  data: TData,
  opts: { id?: string; requestId?: string; occurredAt?: Date } = {},
): IntegrationEvent<TType, TData> {
  return {
    id: opts.id ?? randomUUID(),
    type,
    version: 1,
    occurredAt: (opts.occurredAt ?? new Date()).toISOString(),
    ...(opts.requestId ? { requestId: opts.requestId } : {}),
    data,
  };
}

/** A new document carrying its events. */
export function withEvents<T extends Document>(doc: T, events: IntegrationEvent[]): T {
  return { ...doc, [OUTBOX_FIELD]: events, [OUTBOX_SINCE_FIELD]: new Date() };
}

/** An update that also appends events, merged into its own `$set`/`$push`. */
export function withEventsUpdate(update: Document, events: IntegrationEvent[]): Document {
  return {
    ...update,
    $set: { ...(update.$set ?? {}), [OUTBOX_SINCE_FIELD]: new Date() },
    $push: { ...(update.$push ?? {}), [OUTBOX_FIELD]: { $each: events } },
  };
}

/** Callers see their own fields only: the events a document still carries are the kit's. */
export function withoutOutbox<T>(doc: T): T {
  if (doc && typeof doc === 'object') {
    delete (doc as Document)[OUTBOX_FIELD];
    delete (doc as Document)[OUTBOX_SINCE_FIELD];
  }
  return doc;
}

/** Finds documents whose events may still wait: only the sweep uses it. */
export const outboxIndex = { key: { [OUTBOX_SINCE_FIELD]: 1 }, name: 'outbox_pending' };
