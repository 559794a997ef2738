import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** An answer the server read while rendering a page, for the browser to start from. */
export interface ReadAnswer {
  key: QueryKey;
  data: unknown;
  updatedAt: number;
}

/** What a QueryClient has read successfully, to be sent with the page the server rendered. */
export function readAnswers(client: QueryClient): ReadAnswer[] {
  return client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'success')
    .map((query) => ({ key: query.queryKey, data: query.state.data, updatedAt: query.state.dataUpdatedAt }));
}

/**
 * Puts the server's answers into the browser's QueryClient before the first render, so the page
 * hydrates showing what the server showed instead of loading it again.
 */
export function seedAnswers(client: QueryClient, answers: readonly ReadAnswer[]): void {
  for (const { key, data, updatedAt } of answers) client.setQueryData(key, data, { updatedAt });
}
