import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { theme } from '../theme.ts';

export const TOAST_DURATION_MS = 5000;
const EVENT = 'liveedu:toast';

export type ToastKind = 'success' | 'error' | 'info';
interface ToastDetail {
  kind: ToastKind;
  message: string;
}

// Toasts travel as a DOM event so a remote's copy of this module reaches the host's one Toaster.
function emit(kind: ToastKind, message: string) {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent<ToastDetail>(EVENT, { detail: { kind, message } }));
}

export const toast = {
  success: (message: string) => emit('success', message),
  error: (message: string) => emit('error', message),
  info: (message: string) => emit('info', message),
};

const Stack = styled.div`
  position: fixed;
  top: 1rem;
  right: 1rem;
  z-index: 2000;
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  width: min(360px, calc(100vw - 2rem));
`;

const Item = styled.div<{ $kind: ToastKind }>`
  display: flex;
  align-items: flex-start;
  gap: 0.5rem;
  padding: 0.75rem 0.9rem;
  border-radius: 8px;
  box-shadow: 0 8px 20px rgba(0, 0, 0, 0.18);
  background: ${theme.colors.surface};
  border-left: 5px solid
    ${({ $kind }) => ($kind === 'success' ? theme.colors.success : $kind === 'error' ? theme.colors.danger : theme.colors.primary)};
  p { margin: 0; flex: 1; }
  button { border: 0; background: transparent; cursor: pointer; font-size: 1.1rem; }
`;

interface ShownToast extends ToastDetail {
  id: number;
}

/** Shows toasts at the top right; each closes itself after 5000 ms. */
export function Toaster({ duration = TOAST_DURATION_MS }: { duration?: number }) {
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  const next = useRef(1);
  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const onToast = (event: Event) => {
      const { detail } = event as CustomEvent<ToastDetail>;
      const id = next.current++;
      setToasts((list) => [...list, { ...detail, id }]);
      const timer = setTimeout(() => {
        timers.delete(timer);
        setToasts((list) => list.filter((t) => t.id !== id));
      }, duration);
      timers.add(timer);
    };
    window.addEventListener(EVENT, onToast);
    return () => {
      window.removeEventListener(EVENT, onToast);
      for (const t of timers) clearTimeout(t);
    };
  }, [duration]);
  return (
    <Stack aria-live="polite">
      {toasts.map((t) => (
        <Item key={t.id} $kind={t.kind} role={t.kind === 'error' ? 'alert' : 'status'}>
          <p>{t.message}</p>
          <button
            type="button"
            aria-label="Dismiss"
            onClick={() => setToasts((l) => l.filter((x) => x.id !== t.id))}
          >
            ×
          </button>
        </Item>
      ))}
    </Stack>
  );
}
