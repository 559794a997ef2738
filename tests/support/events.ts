/** What the services have published to their own streams, read back from NATS as a consumer would see it. */
import type { IntegrationEvent } from '@liveedu/contracts';
import type { Service } from '@liveedu/service-kit';
import { eventually } from './stack.ts';

/** Every event a service has published to its own stream (`owner`'s) so far, in order. */
export async function publishedEvents(
  service: Service | undefined,
  owner: string,
): Promise<IntegrationEvent[]> {
  const bus = service?.bus;
  if (!bus) throw new Error(`${owner} is not running with an event bus`);
  const stream = bus.names.stream(owner);
  const info = await bus.jsm.streams.info(stream);
  const events: IntegrationEvent[] = [];
  for (let seq = info.state.first_seq; seq <= info.state.last_seq && info.state.messages > 0; seq += 1) {
    const message = await bus.jsm.streams.getMessage(stream, { seq }).catch(() => null);
    if (message) events.push(message.json<IntegrationEvent>());
  }
  return events;
}

/** Waits until an event matching `match` has been published, and returns it. */
export function publishedEvent<T extends IntegrationEvent = IntegrationEvent>(
  service: Service,
  owner: string,
  match: (event: IntegrationEvent) => boolean,
  what = 'an event',
): Promise<T> {
  return eventually(
    async () => (await publishedEvents(service, owner)).find(match) as T | undefined,
    10_000,
    what,
  );
}

/** How many events of `type` a service has published whose data hold every field of `data`. */
export async function countPublished(
  service: Service | undefined,
  owner: string,
  type: string,
  data: Record<string, unknown>,
): Promise<number> {
  const holds = (event: IntegrationEvent) => {
    const found = event.data as Record<string, unknown>;
    return Object.entries(data).every(([key, value]) => found[key] === value);
  };
  return (await publishedEvents(service, owner)).filter((event) => event.type === type && holds(event))
    .length;
}
