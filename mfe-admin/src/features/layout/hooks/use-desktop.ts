import { theme } from '@liveedu/ui';
import { useSyncExternalStore } from 'react';

/** The dashboard needs a desktop width: the large breakpoint and up. */
export const DESKTOP_QUERY = `(min-width: ${theme.breakpoints.lg})`;

function subscribe(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => {};
  const list = window.matchMedia(DESKTOP_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

function isDesktop() {
  if (typeof window.matchMedia !== 'function') return true;
  return window.matchMedia(DESKTOP_QUERY).matches;
}

export function useDesktop(): boolean {
  return useSyncExternalStore(subscribe, isDesktop, () => true);
}
