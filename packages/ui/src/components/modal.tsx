import { type ReactNode, useEffect, useId, useRef } from 'react';
import styled from 'styled-components';
import { theme } from '../theme.ts';
import { Button } from './button.tsx';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 1000;
  background: rgba(17, 24, 39, 0.55);
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 1rem;
`;

const Panel = styled.div`
  background: ${theme.colors.surface};
  border-radius: ${theme.radius};
  box-shadow: 0 20px 40px rgba(0, 0, 0, 0.25);
  width: min(560px, 100%);
  max-height: 90vh;
  overflow: auto;
  padding: 1.25rem 1.5rem;
  position: relative;
  h2 { margin-top: 0; }
`;

const Close = styled.button`
  position: absolute;
  top: 0.5rem;
  right: 0.5rem;
  border: 0;
  background: transparent;
  font-size: 1.5rem;
  cursor: pointer;
  line-height: 1;
  padding: 0.25rem 0.5rem;
`;

/** A dialog that traps nothing but focuses itself, closes on Escape and gives focus back when closed. */
export function Modal({
  open,
  title,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [open, onClose]);
  if (!open) return null;
  return (
    <Backdrop
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <Panel role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} ref={panel}>
        <Close type="button" aria-label="Close" onClick={onClose}>
          ×
        </Close>
        <h2 id={titleId}>{title}</h2>
        {children}
      </Panel>
    </Backdrop>
  );
}

const Row = styled.div`
  display: flex;
  gap: 0.75rem;
  justify-content: flex-end;
  margin-top: 1rem;
`;

/** A yes/no question, e.g. 'Are you sure ? You want to delete this course ?' with 'Yes, delete'. */
export function ConfirmDialog({
  open,
  title = 'Please confirm',
  message,
  confirmLabel,
  cancelLabel = 'Cancel',
  busy = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title?: string;
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal open={open} title={title} onClose={onCancel}>
      <p>{message}</p>
      <Row>
        <Button type="button" $variant="secondary" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button type="button" $variant="danger" onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </Button>
      </Row>
    </Modal>
  );
}
