import type { InputHTMLAttributes, ReactNode } from 'react';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>;

/**
 * A labelled text input of the forms (log-in, sign-up, passwords, applications): the label
 * wraps the input, so it is its accessible name; `onChange` gets the new text.
 */
export function TextField({
  label,
  value,
  onChange,
  ...input
}: InputProps & { label: ReactNode; value: string; onChange: (value: string) => void }) {
  return (
    <label>
      {label}
      <input type="text" {...input} value={value} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}
