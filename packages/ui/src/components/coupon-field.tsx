import { type FormEvent, useId, useState } from 'react';
import styled from 'styled-components';
import { theme } from '../theme.ts';
import { Button } from './button.tsx';

const Form = styled.form`
  display: grid;
  gap: 0.4rem;
  label { font-weight: 600; }
  .row { display: flex; flex-wrap: wrap; gap: 0.5rem; }
  input {
    flex: 1 1 10rem;
    min-width: 0;
    padding: 0.55rem 0.75rem;
    border: 1px solid ${theme.colors.border};
    border-radius: 8px;
    text-transform: uppercase;
  }
  p { margin: 0; font-weight: 500; }
  p[data-valid='true'] { color: ${theme.colors.success}; }
  p[data-valid='false'] { color: ${theme.colors.danger}; }
`;

/** A coupon code asked about, and the answer: whether it can be used, and why. */
export interface CouponAnswer {
  code: string;
  valid: boolean;
  message: string;
}

/**
 * The code box of a checkout: a code typed and applied, then the answer about it ("The coupon
 * applies to this course", or why it cannot be used) and a way to take it off. What a code does
 * to the price is shown by the page, which asked.
 */
export function CouponField({
  label = 'Have a coupon?',
  answer,
  busy = false,
  onApply,
  onRemove,
}: {
  label?: string;
  answer: CouponAnswer | null;
  busy?: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
}) {
  const [code, setCode] = useState(answer?.code ?? '');
  const inputId = useId();
  const answerId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (typed) onApply(typed);
  };
  return (
    <Form onSubmit={submit} aria-label="Coupon">
      <label htmlFor={inputId}>{label}</label>
      <div className="row">
        <input
          id={inputId}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          maxLength={64}
          autoComplete="off"
          placeholder="Coupon code"
          aria-describedby={answer ? answerId : undefined}
        />
        <Button type="submit" $variant="secondary" disabled={busy || code.trim() === ''}>
          {busy ? 'Checking…' : 'Apply'}
        </Button>
        {answer ? (
          <Button
            type="button"
            $variant="ghost"
            onClick={() => {
              setCode('');
              onRemove();
            }}
          >
            Remove coupon
          </Button>
        ) : null}
      </div>
      {answer ? (
        <p id={answerId} role="status" data-valid={String(answer.valid)}>
          {answer.valid ? `${answer.code.toUpperCase()}: ${answer.message}` : answer.message}
        </p>
      ) : null}
    </Form>
  );
}
