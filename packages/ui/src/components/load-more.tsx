import type { PagedList } from '@liveedu/query';
import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { Button } from './button.tsx';
import { Spinner } from './loading.tsx';

const Bar = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 0.5rem;
  margin: 1.5rem 0;
  p {
    margin: 0;
  }
`;

/**
 * The end of a paged list: loads the next page when it scrolls into view, and offers a button
 * for the same (keyboard users, or when the observer is not available). Says how many are shown.
 */
export function LoadMore({
  shown,
  total,
  hasMore,
  loading,
  error,
  onLoadMore,
}: {
  shown: number;
  total: number;
  hasMore: boolean;
  loading: boolean;
  error?: string;
  onLoadMore: () => void;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || error || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) onLoadMore();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, error, onLoadMore]);

  if (total === 0) return null;
  return (
    <Bar ref={sentinel} aria-live="polite">
      <p>
        Showing {shown} of {total}
      </p>
      {error ? <p role="alert">{error}</p> : null}
      {hasMore ? (
        <Button type="button" $variant="secondary" onClick={onLoadMore} disabled={loading}>
          {loading ? <Spinner size={16} label="Loading more" /> : null}{' '}
          {error ? 'Try again' : loading ? 'Loading…' : 'Load more'}
        </Button>
      ) : null}
    </Bar>
  );
}

/** The end of a list from `usePagedQuery`: `LoadMore` with the list's own counts. */
export function PagedListEnd({ list }: { list: PagedList<unknown> & { loadMore: () => void } }) {
  if (list.status !== 'ready') return null;
  return (
    <LoadMore
      shown={list.items.length}
      total={list.total}
      hasMore={list.hasMore}
      loading={list.loadingMore}
      error={list.moreError}
      onLoadMore={list.loadMore}
    />
  );
}
