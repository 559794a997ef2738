import type { Resource } from '@liveedu/query';
import { ErrorState, Loading } from '@liveedu/ui';
import type { ReactNode } from 'react';

export const loadingLabel = (what: string) => `Loading ${what}…`;
export const errorText = (what: string) =>
  `${what.charAt(0).toUpperCase()}${what.slice(1)} could not be loaded.`;

/** Loading, a contained error with a retry, or the data: never a spinner that never ends. */
export function ResourceView<T>({
  resource,
  what,
  children,
}: {
  resource: Resource<T> & { reload: () => void };
  /** What is read, as the labels say it: "the totals" gives "Loading the totals…". */
  what: string;
  children: (data: T) => ReactNode;
}) {
  if (resource.status === 'loading') return <Loading label={loadingLabel(what)} />;
  if (resource.status === 'error') {
    return <ErrorState message={`${errorText(what)} ${resource.error}`} onRetry={resource.reload} />;
  }
  return <>{children(resource.data)}</>;
}
