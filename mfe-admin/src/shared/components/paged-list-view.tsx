import { type PagedList, useShownItems } from '@liveedu/query';
import { ErrorState, Loading, PagedListEnd } from '@liveedu/ui';
import type { ReactNode } from 'react';
import { errorText, loadingLabel } from './resource-view.tsx';

/**
 * A list read a page at a time: loading, a contained error with a retry, or the rows with
 * "Showing N of M" and Load more under them. While the list loads again (another filter, a
 * reload after a change) the rows already shown stay.
 */
export function PagedListView<T>({
  list,
  what,
  children,
}: {
  list: PagedList<T> & { loadMore: () => void; reload: () => void };
  /** What is listed, as the labels say it: "the payments" gives "Loading the payments…". */
  what: string;
  children: (rows: T[]) => ReactNode;
}) {
  const rows = useShownItems(list);
  if (list.status === 'error') {
    return <ErrorState message={`${errorText(what)} ${list.error}`} onRetry={list.reload} />;
  }
  if (rows === null) return <Loading label={loadingLabel(what)} />;
  return (
    <div aria-busy={list.status === 'loading'}>
      {children(rows)}
      <PagedListEnd list={list} />
    </div>
  );
}
