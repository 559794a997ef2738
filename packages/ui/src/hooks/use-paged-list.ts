import { messageOf } from '@liveedu/api-client';
import { type DependencyList, useCallback, useEffect, useRef, useState } from 'react';

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
function storageKey(key: string): string {
  const entry = (window.history.state as { key?: unknown } | null)?.key;
  return `liveedu:list:${key}:${typeof entry === 'string' ? entry : ''}`;
}

function readSaved(key: string): Saved | null {
  try {
    const raw = sessionStorage.getItem(storageKey(key));
    const saved = raw ? (JSON.parse(raw) as Saved) : null;
    return saved && Number.isInteger(saved.pages) && saved.pages > 0 ? saved : null;
  } catch {
    return null;
  }
}

/**
 * A list read a page at a time, more pages appended on `loadMore` (a button or scrolling to the
 * end). How many pages were shown and where the window was scrolled are kept per `key` for the
 * browser tab, so coming back to the list (the back button) shows the same items at the same
 * place instead of the first page at the top.
 */
export function usePagedList<T>(
  key: string,
  loadPage: (page: number, signal: AbortSignal) => Promise<PageOf<T>>,
  deps: DependencyList,
) {
  const [state, setState] = useState<PagedList<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const loaded = useRef(0);
  const loadRef = useRef(loadPage);
  loadRef.current = loadPage;
  const moreController = useRef<AbortController | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names the dependencies
  useEffect(() => {
    const controller = new AbortController();
    const saved = readSaved(key);
    const want = saved?.pages ?? 1;
    loaded.current = 0;
    setState({ status: 'loading' });
    (async () => {
      const items: T[] = [];
      let last: PageOf<T> | null = null;
      for (let page = 1; page <= want; page++) {
        last = await loadRef.current(page, controller.signal);
        items.push(...last.items);
        loaded.current = page;
        if (page >= (last.pages ?? page)) break;
      }
      if (controller.signal.aborted || !last) return;
      setState({
        status: 'ready',
        items,
        total: last.total ?? items.length,
        hasMore: loaded.current < (last.pages ?? loaded.current),
        loadingMore: false,
      });
      if (saved && saved.scrollY > 0) requestAnimationFrame(() => window.scrollTo(0, saved.scrollY));
    })().catch((error: unknown) => {
      if (controller.signal.aborted) return;
      console.error('A list failed to load', error);
      setState({ status: 'error', error: messageOf(error) });
    });
    // The entry this list belongs to: by the time the cleanup runs, the router has moved on.
    const entryKey = storageKey(key);
    const remember = () => {
      try {
        sessionStorage.setItem(
          entryKey,
          JSON.stringify({ pages: Math.max(loaded.current, 1), scrollY: window.scrollY }),
        );
      } catch {
        // private mode or full storage: the list still works, it just starts at the top next time
      }
    };
    window.addEventListener('pagehide', remember);
    return () => {
      controller.abort();
      moreController.current?.abort();
      remember();
      window.removeEventListener('pagehide', remember);
    };
  }, [key, ...deps, attempt]);

  const loadMore = useCallback(() => {
    setState((current) => {
      if (current.status !== 'ready' || !current.hasMore || current.loadingMore) return current;
      const controller = new AbortController();
      moreController.current = controller;
      const next = loaded.current + 1;
      loadRef.current(next, controller.signal).then(
        (page) => {
          if (controller.signal.aborted) return;
          loaded.current = next;
          setState((s) =>
            s.status === 'ready'
              ? {
                  ...s,
                  items: [...s.items, ...page.items],
                  total: page.total ?? s.total,
                  hasMore: next < (page.pages ?? next),
                  loadingMore: false,
                  moreError: undefined,
                }
              : s,
          );
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          console.error('A further page failed to load', error);
          setState((s) =>
            s.status === 'ready' ? { ...s, loadingMore: false, moreError: messageOf(error) } : s,
          );
        },
      );
      return { ...current, loadingMore: true, moreError: undefined };
    });
  }, []);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, loadMore, reload } as PagedList<T> & { loadMore: () => void; reload: () => void };
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
