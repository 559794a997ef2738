/**
 * Every answer the workload got from the gateway, by operation: how many, of which status class,
 * how many never came (refused, reset, timed out), and how long they took. Operations that broke
 * for another reason (the sandbox's page, nothing left to buy) are kept with their messages.
 */
import { percentile } from '../load.ts';

export interface OperationTally {
  requests: number;
  ok: number;
  /** Answers other than the one the operation expects, below 500 (a refused valid request is a defect too). */
  unexpected: number;
  serverErrors: number;
  noAnswer: number;
  p50Ms: number | null;
  p99Ms: number | null;
  /** A few statuses and messages of what went wrong, for the report. */
  examples: string[];
}

const EXAMPLES_KEPT = 5;

class OperationRecord {
  requests = 0;
  ok = 0;
  unexpected = 0;
  serverErrors = 0;
  noAnswer = 0;
  readonly latencies: number[] = [];
  readonly examples: string[] = [];

  example(text: string) {
    if (this.examples.length < EXAMPLES_KEPT) this.examples.push(text);
  }
}

export class Traffic {
  private readonly records = new Map<string, OperationRecord>();
  private readonly failures: string[] = [];
  private failureCount = 0;

  private of(operation: string): OperationRecord {
    let record = this.records.get(operation);
    if (!record) {
      record = new OperationRecord();
      this.records.set(operation, record);
    }
    return record;
  }

  /** One answer (status null: none came) to `operation`, which expected one of `expected`. */
  answer(
    operation: string,
    status: number | null,
    ms: number,
    expected: readonly number[],
    detail = '',
  ): void {
    const record = this.of(operation);
    record.requests += 1;
    record.latencies.push(ms);
    if (status === null) {
      record.noAnswer += 1;
      record.example(`no answer${detail ? `: ${detail}` : ''}`);
    } else if (status >= 500) {
      record.serverErrors += 1;
      record.example(`${status}${detail ? ` ${detail}` : ''}`);
    } else if (!expected.includes(status)) {
      record.unexpected += 1;
      record.example(`${status}${detail ? ` ${detail}` : ''}`);
    } else {
      record.ok += 1;
    }
  }

  /** An operation that could not be carried out for a reason other than an answer's status. */
  failed(operation: string, message: string): void {
    this.failureCount += 1;
    if (this.failures.length < EXAMPLES_KEPT * 4) this.failures.push(`${operation}: ${message}`);
  }

  get operationFailures(): { count: number; examples: string[] } {
    return { count: this.failureCount, examples: [...this.failures] };
  }

  summary(): Record<string, OperationTally> {
    const out: Record<string, OperationTally> = {};
    for (const [name, r] of [...this.records.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      out[name] = {
        requests: r.requests,
        ok: r.ok,
        unexpected: r.unexpected,
        serverErrors: r.serverErrors,
        noAnswer: r.noAnswer,
        p50Ms: r.latencies.length ? percentile(r.latencies, 50) : null,
        p99Ms: r.latencies.length ? percentile(r.latencies, 99) : null,
        examples: [...r.examples],
      };
    }
    return out;
  }

  totals(): { requests: number; ok: number; unexpected: number; serverErrors: number; noAnswer: number } {
    const all = [...this.records.values()];
    const sum = (pick: (r: OperationRecord) => number) => all.reduce((s, r) => s + pick(r), 0);
    return {
      requests: sum((r) => r.requests),
      ok: sum((r) => r.ok),
      unexpected: sum((r) => r.unexpected),
      serverErrors: sum((r) => r.serverErrors),
      noAnswer: sum((r) => r.noAnswer),
    };
  }
}
