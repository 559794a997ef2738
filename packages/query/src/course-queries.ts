import type { ApiClient } from '@liveedu/api-client';
import { useApi } from '@liveedu/session';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/**
 * A course's details page read, under one key for every remote: the catalog's course page reads
 * it, and a course card starts reading it as soon as a pointer rests on it (or it takes focus),
 * so opening the course shows it without a wait.
 */
export const courseDetailsKey = (id: string) => ['course', id, 'details'];

export function courseDetailsQuery(api: ApiClient, id: string) {
  return queryOptions({
    queryKey: courseDetailsKey(id),
    queryFn: ({ signal }) => api.courseDetails(id, signal),
  });
}

/** Starts reading a course's details into the cache (no-op when a fresh copy is there already). */
export function usePrefetchCourse(): (id: string) => void {
  const api = useApi();
  const client = useQueryClient();
  return useCallback((id: string) => void client.prefetchQuery(courseDetailsQuery(api, id)), [api, client]);
}
