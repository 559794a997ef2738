/**
 * The sandbox sends Razorpay's webhooks for every payment, racing the browser's callback as the
 * real one does. Its delivery history is bounded, so it is read every couple of seconds and each
 * delivery's latest state kept: one that needed a retry, failed, or last met a 5xx is a failure
 * of the platform's webhook endpoint.
 */
import type { RazorpaySandbox, WebhookDelivery } from '@liveedu/razorpay-sandbox';

export interface WebhookFigures {
  deliveries: number;
  delivered: number;
  /** Needed more than one attempt: an earlier one met an error or no answer. */
  retried: number;
  failed: number;
  /** Still waiting for a retry when the books were checked. */
  pending: number;
  /** Deliveries whose latest answer was a 5xx. */
  serverErrors: number;
  examples: string[];
}

export class WebhookWatch {
  private readonly latest = new Map<string, WebhookDelivery>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly sandbox: RazorpaySandbox,
    private readonly everyMs = 2000,
  ) {}

  private read(): void {
    for (const delivery of this.sandbox.webhookDeliveries()) {
      this.latest.set(delivery.eventId, { ...delivery });
    }
  }

  start(): void {
    this.timer = setInterval(() => this.read(), this.everyMs);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.read();
  }

  figures(): WebhookFigures {
    const all = [...this.latest.values()];
    const bad = all.filter((d) => d.attempts > 1 || d.status === 'failed' || (d.lastStatusCode ?? 0) >= 500);
    return {
      deliveries: all.length,
      delivered: all.filter((d) => d.status === 'delivered').length,
      retried: all.filter((d) => d.attempts > 1).length,
      failed: all.filter((d) => d.status === 'failed').length,
      pending: all.filter((d) => d.status === 'pending').length,
      serverErrors: all.filter((d) => (d.lastStatusCode ?? 0) >= 500).length,
      examples: bad
        .slice(0, 5)
        .map(
          (d) =>
            `${d.event} ${d.eventId}: ${d.status} after ${d.attempts} attempt(s), last ${d.lastStatusCode ?? d.lastError}`,
        ),
    };
  }
}
