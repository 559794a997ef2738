import { messageOf } from '@liveedu/api-client';
import { useCallback, useState } from 'react';
import { toast } from './components/toaster.tsx';

/**
 * An action the page shows as busy while it runs (its button disabled, or a label that says so):
 * `run(work)` is busy until `work` settles, and a failure is told in a toast of its message.
 */
export function useBusyAction(): [busy: boolean, run: (work: () => Promise<void>) => Promise<void>] {
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      toast.error(messageOf(error));
    } finally {
      setBusy(false);
    }
  }, []);
  return [busy, run];
}
