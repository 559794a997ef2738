import { useEffect } from 'react';

/** While `losing` (what the page holds would be lost with it), the browser asks before leaving the page. */
export function useLeaveWarning(losing: boolean): void {
  useEffect(() => {
    if (!losing) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [losing]);
}
