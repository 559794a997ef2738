import type { Resource } from '@liveedu/query';
import type { ReactNode } from 'react';
import { Loading } from './loading.tsx';
import { ErrorState } from './states.tsx';

/**
 * One read on screen: the loading label, a contained error with a retry, or the data — never a
 * spinner that never ends.
 */
export function ResourceView<T>({
  resource,
  loading,
  failed,
  children,
}: {
  resource: Resource<T> & { reload: () => void };
  /** What the spinner says, e.g. "Loading video…". */
  loading: string;
  /** Said before the server's message when the read fails, e.g. "The totals could not be loaded." */
  failed?: string;
  children: (data: T) => ReactNode;
}) {
  if (resource.status === 'loading') return <Loading label={loading} />;
  if (resource.status === 'error') {
    const message = failed ? `${failed} ${resource.error}` : resource.error;
    return <ErrorState message={message} onRetry={resource.reload} />;
  }
  return <>{children(resource.data)}</>;
}
