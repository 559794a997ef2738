import type { InputHTMLAttributes, ReactNode } from 'react';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'checked' | 'onChange'> & {
  id: string;
};

/**
 * A checkbox with its label after it (the caller lays the two out); `onChange` gets whether it is
 * now ticked.
 */
export function Checkbox({
  label,
  checked,
  onChange,
  ...input
}: InputProps & { label: ReactNode; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <>
      <input type="checkbox" {...input} checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={input.id}>{label}</label>
    </>
  );
}
