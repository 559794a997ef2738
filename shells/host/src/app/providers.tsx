import type { SessionStore } from '@liveedu/session';
import { GlobalStyle, Toaster, theme } from '@liveedu/ui';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { ThemeProvider } from 'styled-components';

export function Providers({ store, children }: { store: SessionStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <GlobalStyle />
        {children}
        <Toaster />
      </ThemeProvider>
    </Provider>
  );
}
