import styled from 'styled-components';
import { Button } from './button.tsx';

const Group = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  margin-bottom: 0.75rem;
`;

/** A row of buttons of which one is on (`aria-pressed`): a table's filters, a chart's range. */
export function ToggleButtons<Id extends string>({
  options,
  active,
  onChange,
  label,
  role = 'group',
}: {
  options: readonly { id: Id; label: string }[];
  active: Id | undefined;
  onChange: (id: Id) => void;
  label: string;
  role?: 'group' | 'toolbar';
}) {
  return (
    <Group role={role} aria-label={label}>
      {options.map((o) => (
        <Button
          key={o.id}
          type="button"
          $variant={active === o.id ? 'primary' : 'secondary'}
          aria-pressed={active === o.id}
          onClick={() => onChange(o.id)}
        >
          {o.label}
        </Button>
      ))}
    </Group>
  );
}
