import { ErrorState, Loading } from '@liveedu/ui';
import { Component, type ReactNode, useEffect, useState } from 'react';
import { loadTutorApp, type TutorAppModule } from '../api/load-tutor-app.ts';

/** Pages of the tutor remote shown inside the profile frame, by the name the tutor app answers to. */
export type TutorPageName = 'my-courses' | 'payment-history' | 'tutor-analytics' | 'withdraw-money';

class Boundary extends Component<{ children: ReactNode; onRetry: () => void }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error) {
    console.error('A tutor page crashed', error);
  }
  override render() {
    if (this.state.failed) {
      return (
        <ErrorState
          message="This part of the page stopped working."
          onRetry={() => {
            this.setState({ failed: false });
            this.props.onRetry();
          }}
        />
      );
    }
    return this.props.children;
  }
}

export function TutorPage({ page }: { page: TutorPageName }) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<
    { status: 'loading' } | { status: 'ready'; mod: TutorAppModule } | { status: 'error'; message: string }
  >({ status: 'loading' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt number loads again
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    loadTutorApp().then(
      (mod) => live && setState({ status: 'ready', mod }),
      (error: Error) => live && setState({ status: 'error', message: error.message }),
    );
    return () => {
      live = false;
    };
  }, [attempt]);
  if (state.status === 'loading') return <Loading label="Loading page…" />;
  if (state.status === 'error') {
    return (
      <ErrorState
        message={`${state.message} Please check your connection and try again.`}
        onRetry={() => setAttempt((n) => n + 1)}
        retryLabel="Retry"
      />
    );
  }
  const App = state.mod.default;
  return (
    <Boundary onRetry={() => setAttempt((n) => n + 1)}>
      <App page={page} />
    </Boundary>
  );
}
