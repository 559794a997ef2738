import { theme } from '@liveedu/ui';
import styled from 'styled-components';

const Field = styled.div`
  margin: 0.75rem 0 0;
  label { display: block; font-weight: 600; margin: 0 0 0.3rem; }
  input { width: 100%; max-width: 24rem; padding: 0.55rem 0.7rem; border: 1px solid #d1d5db; border-radius: 8px; }
  small { display: block; color: ${theme.colors.muted}; margin-top: 0.25rem; }
`;

/** The current password, which money moves ask for when the log-in is more than ten minutes old. */
export function CurrentPasswordField({
  value,
  onChange,
  idPrefix,
}: {
  value: string;
  onChange: (value: string) => void;
  idPrefix: string;
}) {
  const id = `${idPrefix}-current-password`;
  return (
    <Field>
      <label htmlFor={id}>Current password</label>
      <input
        id={id}
        type="password"
        autoComplete="current-password"
        value={value}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(e.target.value)}
      />
      <small id={`${id}-hint`}>Needed if you logged in more than 10 minutes ago.</small>
    </Field>
  );
}
