import { messageOf } from '@liveedu/api-client';
import { useApiMutation } from '@liveedu/query';
import { Button, theme, toast } from '@liveedu/ui';
import type { QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import { InlineError } from './page-frame.tsx';

const Decide = styled.div`
  display: flex;
  gap: 0.5rem;
  align-items: center;
  select { padding: 0.45rem 0.5rem; border: 1px solid ${theme.colors.border}; border-radius: 8px; }
`;

interface ChooseAndConfirmProps<T extends string> {
  options: readonly { value: T; label: string }[];
  initial: T;
  selectLabel: string;
  confirmLabel: string;
  /** Sends the choice; its message is shown as a success toast. */
  submit: (choice: T) => Promise<{ message: string }>;
  /** The reads the decision changes: they are read again once it is taken. */
  invalidates: QueryKey[];
  /** Logged with the error when the server refuses. */
  failureLog: string;
  /** Confirm stays disabled for a choice that would change nothing. */
  unchanged?: (choice: T) => boolean;
}

/** A status picker with a Confirm button: the admin's decisions on requests and withdrawals. */
export function ChooseAndConfirm<T extends string>(props: ChooseAndConfirmProps<T>) {
  const [choice, setChoice] = useState<T>(props.initial);
  const [failure, setFailure] = useState<string | null>(null);
  const decide = useApiMutation(props.submit, { invalidates: props.invalidates });
  const busy = decide.isPending;
  async function confirm() {
    setFailure(null);
    try {
      const { message } = await decide.mutateAsync(choice);
      toast.success(message);
    } catch (error) {
      console.error(props.failureLog, error);
      setFailure(messageOf(error));
    }
  }
  return (
    <div>
      <Decide>
        <select
          aria-label={props.selectLabel}
          value={choice}
          onChange={(e) => setChoice(e.target.value as T)}
          disabled={busy}
        >
          {props.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <Button
          type="button"
          onClick={() => void confirm()}
          disabled={busy || (props.unchanged?.(choice) ?? false)}
          aria-label={props.confirmLabel}
        >
          Confirm
        </Button>
      </Decide>
      {failure ? <InlineError role="alert">{failure}</InlineError> : null}
    </div>
  );
}
