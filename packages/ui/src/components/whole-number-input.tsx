import type { InputHTMLAttributes } from 'react';

type InputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'inputMode' | 'step' | 'value' | 'onChange'
>;

/**
 * An input for a whole number (a score, a pass mark, a count of attempts): the phone offers its
 * number pad and the arrows step by one; `onChange` gets the text as typed, for the form to check.
 */
export function WholeNumberInput({
  value,
  onChange,
  ...input
}: InputProps & { value: string; onChange: (value: string) => void }) {
  return (
    <input
      type="number"
      inputMode="numeric"
      step={1}
      {...input}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
