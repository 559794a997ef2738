/** An error answered by the server as `{message}`, or a request that got no answer at all (status 0). */
export class ApiError extends Error {
  readonly status: number;

  constructor(message: string, status: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }

  /** True when the server never answered (network down, gateway unreachable). */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
