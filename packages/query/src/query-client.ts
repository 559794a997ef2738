import { ApiError } from '@liveedu/api-client';
import { QueryCache, QueryClient } from '@tanstack/react-query';

/** Tries after the first before a read gives up: only for answers that never came (network). */
const NETWORK_RETRIES = 2;

function isPassing(error: unknown): boolean {
  return error instanceof ApiError
    ? error.isNetworkError
    : !(error instanceof Error && error.name === 'AbortError');
}

/**
 * The one client of the front end. The host creates it and every remote reaches it through
 * React context: `@tanstack/react-query` is a Module Federation singleton, so the context is the
 * same object in every remote. A failed read is logged (a failed write is the caller's to show
 * and log). A server's `{message}` answer is final (no retry, shown at once);
 * a request that got no answer is tried twice more with a short back-off. Reads stay fresh for
 * half a minute, so moving between pages shows what was read without asking again.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error) => console.error('A request failed', error) }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failures, error) => failures < NETWORK_RETRIES && isPassing(error),
        retryDelay: (attempt) => 300 * (attempt + 1),
      },
      mutations: { retry: false },
    },
  });
}
