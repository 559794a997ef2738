import { useSession } from '@liveedu/session';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';

/** What one user read is not shown to the next: the cache is emptied when the user changes. */
function ForgetOnUserChange({ client }: { client: QueryClient }) {
  const { userId } = useSession();
  const last = useRef(userId);
  useEffect(() => {
    if (last.current === userId) return;
    last.current = userId;
    client.clear();
  }, [userId, client]);
  return null;
}

/**
 * Hands `client` to everything below (the host's pages and every remote's, which reach it
 * through the shared `@tanstack/react-query`). Renders inside the session's store provider.
 */
export function QueryProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <ForgetOnUserChange client={client} />
      {children}
    </QueryClientProvider>
  );
}
