/** An error answered in Razorpay's shape: `{ error: { code, description, source, step, reason, metadata, field } }`. */
export class RazorpayApiError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly field: string | null;
  readonly reason: string;
  readonly step: string;
  readonly source: string;
  readonly metadata: Record<string, string>;

  constructor(
    statusCode: number,
    description: string,
    opts: {
      code?: string;
      field?: string | null;
      reason?: string;
      step?: string;
      source?: string;
      metadata?: Record<string, string>;
    } = {},
  ) {
    super(description);
    this.statusCode = statusCode;
    this.code = opts.code ?? (statusCode >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST_ERROR');
    this.field = opts.field ?? null;
    this.reason = opts.reason ?? 'NA';
    this.step = opts.step ?? 'NA';
    this.source = opts.source ?? 'NA';
    this.metadata = opts.metadata ?? {};
  }

  toBody(): RazorpayErrorBody {
    return {
      error: {
        code: this.code,
        description: this.message,
        source: this.source,
        step: this.step,
        reason: this.reason,
        metadata: this.metadata,
        field: this.field,
      },
    };
  }
}

export interface RazorpayErrorBody {
  error: {
    code: string;
    description: string;
    source: string;
    step: string;
    reason: string;
    metadata: Record<string, string>;
    field: string | null;
  };
}

export function badRequest(
  description: string,
  field?: string,
  reason = 'input_validation_failed',
): RazorpayApiError {
  return new RazorpayApiError(400, description, {
    field: field ?? null,
    reason,
    source: 'business',
    step: 'payment_initiation',
  });
}

/**
 * What `find` holds under an id taken from a request, answered as Razorpay does otherwise: 400 when
 * the id is not of its kind's form (`pattern`) or names nothing.
 */
export function foundOr400<T>(id: string, pattern: RegExp, find: (id: string) => T | undefined | null): T {
  if (!pattern.test(id)) throw badRequest(`${id} is not a valid id`, 'id');
  const found = find(id);
  if (!found) throw badRequest('The id provided does not exist', 'id');
  return found;
}
