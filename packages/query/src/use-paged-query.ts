import { messageOf } from '@liveedu/api-client';
import { type QueryKey, useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';

/** One page of a list as the API answers it: the items, and how many pages there are in all. */
export interface PageOf<T> {
  items: T[];
  total: number;
  pages: number;
}

export type PagedList<T> =
  | { status: 'loading'; items?: undefined; error?: undefined }
  | { status: 'error'; items?: undefined; error: string }
  | {
      status: 'ready';
      items: T[];
      total: number;
      hasMore: boolean;
      /** A further page is on its way. */
      loadingMore: boolean;
      /** Why the last further page failed, if it did (the items already shown stay). */
      moreError?: string;
      error?: undefined;
    };

interface Saved {
  pages: number;
  scrollY: number;
}

/**
 * Saved per history entry (the router keeps a key in `history.state`), so the back button finds
 * its place again while a fresh visit to the same list starts at the top.
 */
function entryKey(key: QueryKey): string {
  // The server renders a list for no history entry.
  const entry =
    typeof window === 'undefined' ? undefined : (window.history.state as { key?: unknown } | null)?.key;
  return `liveedu:list:${JSON.stringify(key)}:${typeof entry === 'string' ? entry : ''}`;
}

function readSaved(storageKey: string): Saved | null {
  if (typeof sessionStorage === 'undefined') return null;
  try {
    const raw = sessionStorage.getItem(storageKey);
    const saved = raw ? (JSON.parse(raw) as Saved) : null;
    return saved && Number.isInteger(saved.pages) && saved.pages > 0 ? saved : null;
  } catch {
    return null;
  }
}

function save(storageKey: string, saved: Saved): void {
  try {
    sessionStorage.setItem(storageKey, JSON.stringify(saved));
  } catch {
    // private mode or full storage: the list still works, it just starts at the top next time
  }
}

/**
 * A list read a page at a time (an infinite query under `key`), more pages appended on
 * `loadMore` (a button or scrolling to the end). How many pages were shown and where the window
 * was scrolled are kept per history entry, so the back button (or a reload of the tab) shows the
 * same items at the same place instead of the first page at the top.
 */
export function usePagedQuery<P extends PageOf<unknown>>(
  key: QueryKey,
  loadPage: (page: number, signal: AbortSignal) => Promise<P>,
  options: { enabled?: boolean } = {},
): PagedList<P['items'][number]> & { loadMore: () => void; reload: () => void; firstPage?: P } {
  const query = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam, signal }) => loadPage(pageParam, signal),
    enabled: options.enabled,
    initialPageParam: 1,
    getNextPageParam: (last, _all, page) => (page < (last.pages ?? page) ? page + 1 : undefined),
  });
  const { data, fetchNextPage, hasNextPage, isFetchingNextPage } = query;
  const storageKey = entryKey(key);
  const saved = useRef<{ key: string; value: Saved | null; restored: boolean } | null>(null);
  if (saved.current?.key !== storageKey)
    saved.current = { key: storageKey, value: readSaved(storageKey), restored: false };
  const shown = useRef(0);
  shown.current = data?.pages.length ?? 0;

  // Coming back: load as many pages as were shown, then scroll to where the reader was.
  useEffect(() => {
    const state = saved.current;
    if (!state || state.restored || !data) return;
    if (state.value && data.pages.length < state.value.pages && hasNextPage) {
      if (!isFetchingNextPage) void fetchNextPage();
      return;
    }
    state.restored = true;
    const y = state.value?.scrollY ?? 0;
    if (y > 0) requestAnimationFrame(() => window.scrollTo(0, y));
  }, [data, hasNextPage, isFetchingNextPage, fetchNextPage]);

  useEffect(() => {
    const remember = () => save(storageKey, { pages: Math.max(shown.current, 1), scrollY: window.scrollY });
    window.addEventListener('pagehide', remember);
    return () => {
      remember();
      window.removeEventListener('pagehide', remember);
    };
  }, [storageKey]);

  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);

  if (query.status === 'pending' || (query.status === 'error' && !data && query.isFetching)) {
    return { status: 'loading', loadMore, reload };
  }
  if (!data) return { status: 'error', error: messageOf(query.error), loadMore, reload };
  const last = data.pages[data.pages.length - 1];
  const items = data.pages.flatMap((page) => page.items as P['items'][number][]);
  return {
    status: 'ready',
    items,
    total: last?.total ?? items.length,
    hasMore: hasNextPage,
    loadingMore: isFetchingNextPage,
    moreError: query.isFetchNextPageError ? messageOf(query.error) : undefined,
    firstPage: data.pages[0],
    loadMore,
    reload,
  };
}

/**
 * The items a paged list showed last: while it loads again (another filter, a reload after a
 * change) the rows already on screen stay instead of a spinner. `null` until the first page.
 */
export function useShownItems<T>(list: PagedList<T>): T[] | null {
  const shown = useRef<T[] | null>(null);
  if (list.status === 'ready') shown.current = list.items;
  return shown.current;
}
