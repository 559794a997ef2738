import type { SelectHTMLAttributes } from 'react';

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'>;

/** A choice the select offers: what it stands for and what it says. */
export interface Choice<Id extends string> {
  id: Id;
  label: string;
}

/** A select among `choices` (a kind, a type, an order), each shown by its label; `onChange` gets the chosen one's id. */
export function ChoiceSelect<Id extends string>({
  choices,
  value,
  onChange,
  ...select
}: SelectProps & { choices: readonly Choice<Id>[]; value: Id; onChange: (id: Id) => void }) {
  return (
    <select {...select} value={value} onChange={(e) => onChange(e.target.value as Id)}>
      {choices.map((choice) => (
        <option key={choice.id} value={choice.id}>
          {choice.label}
        </option>
      ))}
    </select>
  );
}
