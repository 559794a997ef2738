import { QueryProvider } from '@liveedu/query';
import type { SessionStore } from '@liveedu/session';
import { GlobalStyle, Toaster, theme } from '@liveedu/ui';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { ThemeProvider } from 'styled-components';
import { HydrationGate } from './hydration-gate.tsx';

/**
 * The providers every page (the host's and each remote's) renders inside: the session store,
 * the one QueryClient of the page, the theme.
 */
export function Providers({
  store,
  queryClient,
  children,
}: {
  store: SessionStore;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <Provider store={store}>
      <QueryProvider client={queryClient}>
        <ThemeProvider theme={theme}>
          <GlobalStyle />
          <HydrationGate>{children}</HydrationGate>
          <Toaster />
        </ThemeProvider>
      </QueryProvider>
    </Provider>
  );
}
