import { ErrorState, Loading } from '@liveedu/ui';
import { Component, type ReactNode, useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { loadRemoteApp, type RemoteAppModule, type RemoteName, resetRemote } from './remotes.ts';

const NETWORK_RETRIES = 2;

type State =
  | { status: 'loading' }
  | { status: 'ready'; module: RemoteAppModule }
  | { status: 'error'; message: string };

function useRemoteApp(name: RemoteName) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<State>({ status: 'loading' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt number starts a new load
  useEffect(() => {
    let live = true;
    setState((s) => (s.status === 'ready' ? s : { status: 'loading' }));
    (async () => {
      // Network errors are often passing: try a couple of times before showing the error.
      for (let i = 0; ; i++) {
        try {
          const module = await loadRemoteApp(name);
          if (live) setState({ status: 'ready', module });
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

class RemoteBoundary extends Component<
  { children: ReactNode; onRetry: () => void; resetKey: string },
  { error: Error | null }
> {
  override state: { error: Error | null } = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override componentDidUpdate(prev: { resetKey: string }) {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }
  override componentDidCatch(error: Error) {
    console.error('A page of a remote crashed', error);
  }
  override render() {
    if (this.state.error) {
      return (
        <RemoteError
          message="This part of the page stopped working."
          onRetry={() => {
            this.setState({ error: null });
            this.props.onRetry();
          }}
        />
      );
    }
    return this.props.children;
  }
}

function RemoteError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div data-testid="remote-error" style={{ maxWidth: 640, margin: '3rem auto', padding: '0 1rem' }}>
      <ErrorState
        title="This page could not be loaded"
        message={`${message} Please check your connection and try again.`}
        onRetry={onRetry}
        retryLabel="Retry"
      />
    </div>
  );
}

/** Renders one page of a remote inside the page frame, with loading, error and retry states. */
export function RemotePage({ remote, page }: { remote: RemoteName; page: string }) {
  const { state, retry } = useRemoteApp(remote);
  const location = useLocation();
  if (state.status === 'loading') return <Loading label="Loading page…" />;
  if (state.status === 'error') return <RemoteError message={state.message} onRetry={retry} />;
  const App = state.module.default;
  return (
    <RemoteBoundary onRetry={retry} resetKey={location.pathname}>
      <App page={page} />
    </RemoteBoundary>
  );
}
