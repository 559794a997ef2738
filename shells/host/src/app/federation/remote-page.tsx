import { RemoteApp } from '@liveedu/remote-loader';
import { ErrorState } from '@liveedu/ui';
import { useLocation } from 'react-router';
import type { RemoteName } from './remotes.ts';

function RemoteError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div data-testid="remote-error" style={{ maxWidth: 640, margin: '3rem auto', padding: '0 1rem' }}>
      <ErrorState
        title="This page could not be loaded"
        message={message}
        onRetry={onRetry}
        retryLabel="Retry"
      />
    </div>
  );
}

/** Renders one page of a remote inside the page frame, with loading, error and retry states. */
export function RemotePage({ remote, page }: { remote: RemoteName; page: string }) {
  const location = useLocation();
  return <RemoteApp remote={remote} page={page} resetKey={location.pathname} error={RemoteError} />;
}
