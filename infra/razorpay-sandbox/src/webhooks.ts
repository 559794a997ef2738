import type { DisputeEntity } from './disputes.ts';
import { hmacSha256Hex, nowSeconds, razorpayId } from './ids.ts';
import type { RefundEntity } from './refunds.ts';
import type { OrderEntity, PaymentEntity } from './store.ts';

export type WebhookEventName =
  | 'payment.authorized'
  | 'payment.captured'
  | 'payment.failed'
  | 'order.paid'
  | 'refund.created'
  | 'refund.processed'
  | 'refund.failed'
  | 'payment.dispute.created'
  | 'payment.dispute.won'
  | 'payment.dispute.lost'
  | 'payment.dispute.closed';

/** The entities an event carries: always the payment, and the order, refund or dispute it is about. */
export interface WebhookEntities {
  payment: PaymentEntity;
  order?: OrderEntity;
  refund?: RefundEntity;
  dispute?: DisputeEntity;
}

type EntityName = keyof WebhookEntities;

/** The order Razorpay names the entities in `contains`: a refund's first, a dispute's last. */
const CONTAINS_ORDER: EntityName[] = ['refund', 'payment', 'order', 'dispute'];

export interface WebhookEvent {
  entity: 'event';
  account_id: string;
  event: WebhookEventName;
  contains: EntityName[];
  payload: { [K in EntityName]?: { entity: NonNullable<WebhookEntities[K]> } } & {
    payment: { entity: PaymentEntity };
  };
  created_at: number;
}

export interface WebhookDelivery {
  eventId: string;
  event: WebhookEventName;
  url: string;
  attempts: number;
  status: 'pending' | 'delivered' | 'failed';
  lastStatusCode: number | null;
  lastError: string | null;
}

export interface WebhookDispatcherOptions {
  accountId: string;
  secret: string;
  url: string | undefined;
  /** Delays before each retry, in ms; the number of entries is the number of retries. */
  retryDelaysMs?: number[];
  timeoutMs?: number;
  /** How many delivery records to keep for inspection. */
  historyLimit?: number;
}

/**
 * Posts signed events the way Razorpay does: a JSON body, `X-Razorpay-Signature` = HMAC-SHA256 hex of
 * the raw body with the webhook secret, and `X-Razorpay-Event-Id`. A delivery that does not get a 2xx
 * is retried with the same body, signature and event id after each delay in `retryDelaysMs`.
 */
export class WebhookDispatcher {
  private url: string | undefined;
  private readonly secret: string;
  private readonly accountId: string;
  private readonly retryDelaysMs: number[];
  private readonly timeoutMs: number;
  private readonly historyLimit: number;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<AbortController>();
  private readonly history: WebhookDelivery[] = [];
  private chain: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(opts: WebhookDispatcherOptions) {
    this.url = opts.url;
    this.secret = opts.secret;
    this.accountId = opts.accountId;
    this.retryDelaysMs = opts.retryDelaysMs ?? [1000, 5000, 30_000];
    this.timeoutMs = opts.timeoutMs ?? 5000;
    this.historyLimit = opts.historyLimit ?? 500;
  }

  setUrl(url: string | undefined): void {
    this.url = url;
  }

  get deliveries(): readonly WebhookDelivery[] {
    return this.history;
  }

  /** Builds the event and queues its delivery; events of one process go out in the order they were emitted. */
  emit(event: WebhookEventName, entities: WebhookEntities): void {
    const url = this.url;
    if (!url || this.stopped) return;
    const contains = CONTAINS_ORDER.filter((name) => entities[name] !== undefined);
    // Copies as they are now: a later change of the same entity goes out with a later event.
    const payload = Object.fromEntries(
      contains.map((name) => [name, { entity: structuredClone(entities[name]) }]),
    ) as WebhookEvent['payload'];
    const body: WebhookEvent = {
      entity: 'event',
      account_id: this.accountId,
      event,
      contains,
      payload,
      created_at: nowSeconds(),
    };
    const raw = JSON.stringify(body);
    const delivery: WebhookDelivery = {
      eventId: razorpayId(''),
      event,
      url,
      attempts: 0,
      status: 'pending',
      lastStatusCode: null,
      lastError: null,
    };
    this.history.push(delivery);
    if (this.history.length > this.historyLimit)
      this.history.splice(0, this.history.length - this.historyLimit);
    const signature = hmacSha256Hex(this.secret, raw);
    // First attempts are sent one after another so a receiver sees events in emission order.
    this.chain = this.chain.then(() => this.attempt(delivery, raw, signature, 0));
  }

  /** Resolves when every first attempt queued so far has been made (retries may still be pending). */
  async flush(): Promise<void> {
    await this.chain;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const c of this.inFlight) c.abort();
    await this.chain.catch(() => undefined);
  }

  private async attempt(
    delivery: WebhookDelivery,
    raw: string,
    signature: string,
    retry: number,
  ): Promise<void> {
    if (this.stopped) return;
    delivery.attempts += 1;
    const controller = new AbortController();
    this.inFlight.add(controller);
    const timer = setTimeout(() => controller.abort(), this.timeoutMs);
    try {
      const res = await fetch(delivery.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Razorpay-Webhook/v1',
          'x-razorpay-signature': signature,
          'x-razorpay-event-id': delivery.eventId,
        },
        body: raw,
        signal: controller.signal,
        redirect: 'manual',
      });
      // The body is not used; read it so the connection can be reused.
      await res.arrayBuffer().catch(() => undefined);
      delivery.lastStatusCode = res.status;
      if (res.status >= 200 && res.status < 300) {
        delivery.status = 'delivered';
        delivery.lastError = null;
        return;
      }
      delivery.lastError = `HTTP ${res.status}`;
    } catch (err) {
      delivery.lastError = err instanceof Error ? err.message : String(err);
    } finally {
      clearTimeout(timer);
      this.inFlight.delete(controller);
    }
    const delay = this.retryDelaysMs[retry];
    if (delay === undefined || this.stopped) {
      delivery.status = 'failed';
      return;
    }
    const t = setTimeout(() => {
      this.timers.delete(t);
      void this.attempt(delivery, raw, signature, retry + 1);
    }, delay);
    t.unref();
    this.timers.add(t);
  }
}
