import type { PagedList } from '@liveedu/query';
import type { ElementType, ReactNode } from 'react';
import { PagedListEnd } from './load-more.tsx';
import { Loading } from './loading.tsx';
import { EmptyState, ErrorState } from './states.tsx';

interface StatesOf<T> {
  list: PagedList<T> & { loadMore: () => void; reload: () => void };
  /** What the loading block says, e.g. "Loading the questions…". */
  loadingLabel: string;
  emptyMessage: string;
}

/**
 * The four states of a list read a page at a time (`usePagedQuery`): loading, the server's error
 * with a retry, the empty message, or the rows with "Showing N of M" and Load more under them.
 */
export function PagedListStates<T>({
  list,
  loadingLabel,
  emptyMessage,
  children,
}: StatesOf<T> & { children: (items: T[]) => ReactNode }) {
  if (list.status === 'loading') return <Loading label={loadingLabel} />;
  if (list.status === 'error') return <ErrorState message={list.error} onRetry={list.reload} />;
  if (list.items.length === 0) return <EmptyState message={emptyMessage} />;
  return (
    <>
      {children(list.items)}
      <PagedListEnd list={list} />
    </>
  );
}

/**
 * `PagedListStates` whose rows are the items of a list named `label`: `listAs` (the page's styled
 * `ul`) with one `li` an item, keyed by its id.
 */
export function PagedItemList<T extends { _id: string }>({
  listAs: List,
  label,
  renderItem,
  ...states
}: StatesOf<T> & { listAs: ElementType; label: string; renderItem: (item: T) => ReactNode }) {
  return (
    <PagedListStates {...states}>
      {(items) => (
        <List aria-label={label}>
          {items.map((item) => (
            <li key={item._id}>{renderItem(item)}</li>
          ))}
        </List>
      )}
    </PagedListStates>
  );
}
