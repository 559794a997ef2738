/**
 * What the platform's own processes count, read from `/metrics` of the gateway and every service
 * (docs/observability.md): the 5xx answers each gave (the sandbox's webhooks and the services'
 * calls to one another included, which the soak's clients never see), and whether events are
 * still waiting in an outbox or a consumer.
 */
import type { Platform } from '@liveedu/platform';

export interface ServerErrorCount {
  service: string;
  method: string;
  route: string;
  status: string;
  count: number;
}

export interface Backlog {
  /** Per service: events its consumers have not processed (-1: could not be read). */
  consumerLag: Record<string, number>;
  /** Per service: documents whose events are not published yet. */
  outboxPending: Record<string, number>;
}

const SAMPLE = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)$/;
const LABEL = /(\w+)="((?:[^"\\]|\\.)*)"/g;

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = SAMPLE.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(LABEL)) labels[key!] = value!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The addresses of every process that serves `/metrics`: the gateway and each service. */
function metricsAddresses(platform: Platform, gw: string): Array<{ name: string; url: string }> {
  return [
    { name: 'gateway', url: `${gw}/metrics` },
    ...Object.entries(platform.services).map(([name, s]) => ({ name, url: `${s.url}/metrics` })),
  ];
}

async function scrape(url: string): Promise<Sample[]> {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return parse(await response.text());
}

/** Every 5xx the gateway and the services answered since they started, by route and status. */
export async function serverErrorsCounted(platform: Platform, gw: string): Promise<ServerErrorCount[]> {
  const found: ServerErrorCount[] = [];
  for (const { name, url } of metricsAddresses(platform, gw)) {
    for (const s of await scrape(url)) {
      if (s.name !== 'http_requests_total' || !s.labels.status?.startsWith('5') || s.value === 0) continue;
      found.push({
        service: s.labels.service ?? name,
        method: s.labels.method ?? '',
        route: s.labels.route ?? '',
        status: s.labels.status,
        count: s.value,
      });
    }
  }
  return found;
}

export async function backlog(platform: Platform, gw: string): Promise<Backlog> {
  const result: Backlog = { consumerLag: {}, outboxPending: {} };
  for (const { name, url } of metricsAddresses(platform, gw)) {
    if (name === 'gateway') continue;
    for (const s of await scrape(url)) {
      if (s.name === 'event_consumer_lag') result.consumerLag[name] = s.value;
      if (s.name === 'outbox_pending') result.outboxPending[name] = s.value;
    }
  }
  return result;
}

/** Nothing waiting anywhere: every event published and processed. */
export const drained = (b: Backlog) =>
  Object.values(b.consumerLag).every((v) => v === 0) && Object.values(b.outboxPending).every((v) => v === 0);
