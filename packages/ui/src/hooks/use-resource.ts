import { messageOf } from '@liveedu/api-client';
import { type DependencyList, useCallback, useEffect, useRef, useState } from 'react';

export type Resource<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'ready'; data: T; error?: undefined }
  | { status: 'error'; data?: undefined; error: string };

/**
 * Loads on mount and whenever `deps` change, aborting the request it no longer needs; `reload`
 * loads again while keeping what is on screen until the new answer arrives. A failure becomes
 * the server's message (and is logged), so every page can show an error with a retry.
 */
export function useResource<T>(load: (signal: AbortSignal) => Promise<T>, deps: DependencyList) {
  const [state, setState] = useState<Resource<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const keepShown = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names the dependencies
  useEffect(() => {
    const controller = new AbortController();
    const keep = keepShown.current;
    keepShown.current = false;
    setState((current) => (keep && current.status === 'ready' ? current : { status: 'loading' }));
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'ready', data });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('A request failed', error);
        setState({ status: 'error', error: messageOf(error) });
      },
    );
    return () => controller.abort();
  }, [...deps, attempt]);
  const reload = useCallback(() => {
    keepShown.current = true;
    setAttempt((n) => n + 1);
  }, []);
  return { ...state, reload } as Resource<T> & { reload: () => void };
}
