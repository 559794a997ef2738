import { AppProviders, type AppProvidersProps } from '@liveedu/ui';
import { HydrationGate } from './hydration-gate.tsx';

/**
 * The providers every page (the host's and each remote's) renders inside: the session store,
 * the one QueryClient of the page, the theme; its controls wait for the page to be hydrated.
 */
export function Providers({ children, ...providers }: AppProvidersProps) {
  return (
    <AppProviders {...providers}>
      <HydrationGate>{children}</HydrationGate>
    </AppProviders>
  );
}
