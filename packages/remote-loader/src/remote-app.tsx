import { ErrorState, Loading } from '@liveedu/ui';
import { Component, type ReactNode, useCallback, useEffect, useState } from 'react';
import { loadedRemoteApp, loadRemoteApp, type RemoteAppModule, resetRemote } from './remotes.ts';

const NETWORK_RETRIES = 2;

type State =
  | { status: 'loading' }
  | { status: 'ready'; module: RemoteAppModule }
  | { status: 'error'; message: string };

function useRemoteApp(name: string) {
  const [attempt, setAttempt] = useState(0);
  // A remote loaded already (an earlier page, or before hydrating the server's HTML) shows at once.
  const [state, setState] = useState<State>(() => {
    const module = loadedRemoteApp(name);
    return module ? { status: 'ready', module } : { status: 'loading' };
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt number starts a new load
  useEffect(() => {
    let live = true;
    setState((s) => (s.status === 'ready' ? s : { status: 'loading' }));
    (async () => {
      // Network errors are often passing: try a couple of times before showing the error.
      for (let i = 0; ; i++) {
        try {
          const module = await loadRemoteApp(name);
          if (live)
            setState((s) => (s.status === 'ready' && s.module === module ? s : { status: 'ready', module }));
          return;
        } catch (error) {
          if (i >= NETWORK_RETRIES || !live) {
            if (live) setState({ status: 'error', message: (error as Error).message });
            return;
          }
          resetRemote(name);
          await new Promise((r) => setTimeout(r, 300 * (i + 1)));
        }
      }
    })();
    return () => {
      live = false;
    };
  }, [name, attempt]);
  const retry = useCallback(() => {
    resetRemote(name);
    setAttempt((n) => n + 1);
  }, [name]);
  return { state, retry };
}

type ErrorView = (props: { message: string; onRetry: () => void }) => ReactNode;

/** The error of a remote that did not load or crashed, with a retry, as `ErrorState` shows it. */
function DefaultError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return <ErrorState message={message} onRetry={onRetry} retryLabel="Retry" />;
}

class RemoteBoundary extends Component<
  { children: ReactNode; onRetry: () => void; resetKey?: string; error: ErrorView },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidUpdate(prev: { resetKey?: string }) {
    if (prev.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false });
  }
  override componentDidCatch(error: Error) {
    console.error('A page of a remote crashed', error);
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return this.props.error({
      message: 'This part of the page stopped working. Please check your connection and try again.',
      onRetry: () => {
        this.setState({ failed: false });
        this.props.onRetry();
      },
    });
  }
}

/**
 * One page of a remote, loaded through Module Federation's runtime: loading, then the page inside
 * an error boundary; a remote that cannot be loaded (after two quick retries) or that crashes
 * shows `error` with a Retry that loads it again. `resetKey` (the path) clears a crash on
 * navigation.
 */
export function RemoteApp({
  remote,
  page,
  resetKey,
  error = DefaultError,
}: {
  remote: string;
  page: string;
  resetKey?: string;
  error?: ErrorView;
}) {
  const { state, retry } = useRemoteApp(remote);
  if (state.status === 'loading') return <Loading label="Loading page…" />;
  if (state.status === 'error') {
    return error({ message: `${state.message} Please check your connection and try again.`, onRetry: retry });
  }
  const App = state.module.default;
  return (
    <RemoteBoundary onRetry={retry} resetKey={resetKey} error={error}>
      <App page={page} />
    </RemoteBoundary>
  );
}
