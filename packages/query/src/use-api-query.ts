import { messageOf } from '@liveedu/api-client';
import { type QueryKey, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';

export type Resource<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'ready'; data: T; error?: undefined }
  | { status: 'error'; data?: undefined; error: string };

/**
 * One read as the pages render it: loading, ready with its data, or the server's message. The
 * read is cached and shared under `key` (two parts of a page asking the same thing send one
 * request); `reload` asks again while keeping what is on screen, and from an error shows the
 * loading state until the answer comes.
 */
export function useApiQuery<T>(
  key: QueryKey,
  load: (signal: AbortSignal) => Promise<T>,
  options: { enabled?: boolean } = {},
): Resource<T> & { reload: () => void } {
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => load(signal), enabled: options.enabled });
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  if (query.status === 'success') return { status: 'ready', data: query.data, reload };
  if (query.status === 'error' && !query.isFetching) {
    return { status: 'error', error: messageOf(query.error), reload };
  }
  return { status: 'loading', reload };
}
