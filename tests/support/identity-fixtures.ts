import type { IntegrationEvent } from '@liveedu/contracts';
import type { Service } from '@liveedu/service-kit';
import { eventually } from './stack.ts';

/** A real 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A real 2×2 JPEG. */
export const JPEG = Buffer.from(
  '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABgf/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCAAHlhf//Z',
  'base64',
);

/** Whether `bytes` are a PNG (its signature): what storage keeps is the image written again, not the upload. */
export const isPng = (bytes: Buffer) => bytes.subarray(0, 8).equals(PNG.subarray(0, 8));

/** A multipart form with one file field, as a browser would send it. */
export function formWith(field: string, bytes: Buffer, filename: string, type: string): FormData {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), filename);
  return form;
}

/** Every event a service has published to its own stream so far, in order. */
export async function publishedEvents(service: Service, owner: string): Promise<IntegrationEvent[]> {
  const bus = service.bus;
  if (!bus) throw new Error('the service has no event bus');
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
