import { QueryProvider } from '@liveedu/query';
import type { SessionStore } from '@liveedu/session';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { ThemeProvider } from 'styled-components';
import { GlobalStyle, theme } from '../theme.ts';
import { Toaster } from './toaster.tsx';

export interface AppProvidersProps {
  store: SessionStore;
  queryClient: QueryClient;
  children: ReactNode;
}

/**
 * What every page renders inside, in the host and in a remote run on its own: the session store,
 * the one QueryClient of the page, the theme with its global style, and the toaster.
 */
export function AppProviders({ store, queryClient, children }: AppProvidersProps) {
  return (
    <Provider store={store}>
      <QueryProvider client={queryClient}>
        <ThemeProvider theme={theme}>
          <GlobalStyle />
          {children}
          <Toaster />
        </ThemeProvider>
      </QueryProvider>
    </Provider>
  );
}
