import { messageOf } from '@liveedu/api-client';
import { type DependencyList, useCallback, useEffect, useRef, useState } from 'react';

export type Resource<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'ready'; data: T; error?: undefined }
  | { status: 'error'; data?: undefined; error: string };

/**
 * Fetch on mount and when `deps` change; a stale answer is dropped; `reload` fetches again and
 * keeps the data on screen until the new answer arrives (when there is some).
 */
export function useResource<T>(load: () => Promise<T>, deps: DependencyList) {
  const [state, setState] = useState<Resource<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const keep = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names the dependencies
  useEffect(() => {
    let live = true;
    const keepShown = keep.current;
    keep.current = false;
    setState((s) => (keepShown && s.status === 'ready' ? s : { status: 'loading' }));
    load().then(
      (data) => {
        if (live) setState({ status: 'ready', data });
      },
      (error: unknown) => {
        if (!live) return;
        console.error('A dashboard request failed', error);
        setState({ status: 'error', error: messageOf(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [...deps, attempt]);
  const reload = useCallback(() => {
    keep.current = true;
    setAttempt((n) => n + 1);
  }, []);
  return { ...state, reload } as Resource<T> & { reload: () => void };
}
