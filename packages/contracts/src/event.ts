/**
 * The envelope of every integration event. `id` is stable for the fact it describes, so a
 * re-publication is dropped by JetStream (`Nats-Msg-Id`) and a re-delivery is recognised by
 * consumers.
 */
export interface IntegrationEvent<TType extends string = string, TData = unknown> {
  id: string;
  type: TType;
  version: number;
  occurredAt: string;
  /** The request that caused the event, for following one action across services. */
  requestId?: string;
  data: TData;
}

/** The service that owns (publishes) an event type: the first token of its subject. */
export function eventOwner(type: string): string {
  const owner = type.split('.')[0];
  if (!owner) throw new Error(`event type "${type}" has no owner token`);
  return owner;
}
