import type { Resource } from '@liveedu/query';
import { ErrorState, Loading } from '@liveedu/ui';
import type { ReactNode } from 'react';

/** Loading, a contained error with a retry, or the data: never a spinner that never ends. */
export function ResourceView<T>({
  resource,
  loadingLabel,
  errorText,
  children,
}: {
  resource: Resource<T> & { reload: () => void };
  loadingLabel: string;
  errorText: string;
  children: (data: T) => ReactNode;
}) {
  if (resource.status === 'loading') return <Loading label={loadingLabel} />;
  if (resource.status === 'error') {
    return <ErrorState message={`${errorText} ${resource.error}`} onRetry={resource.reload} />;
  }
  return <>{children(resource.data)}</>;
}
