import { useEffect } from 'react';

/**
 * Reads again every `everyMs`, while `active`, for at most `forMs`: what another service learns
 * by an event (an item passed, a certificate issued) shows a moment after the write.
 */
export function usePoll(
  active: boolean,
  reload: () => void,
  { everyMs = 1500, forMs = 30_000 }: { everyMs?: number; forMs?: number } = {},
): void {
  useEffect(() => {
    if (!active) return;
    const until = Date.now() + forMs;
    const timer = window.setInterval(() => {
      if (Date.now() > until) window.clearInterval(timer);
      else reload();
    }, everyMs);
    return () => window.clearInterval(timer);
  }, [active, reload, everyMs, forMs]);
}
