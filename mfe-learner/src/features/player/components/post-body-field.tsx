import { Field } from '@liveedu/ui';
import { BODY_LIMIT } from '../api/conversation.ts';

/** The Markdown text of a question or an answer, as long as the server takes at the most. */
export function PostBodyField({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field>
      <label htmlFor={id}>{label}</label>
      <textarea id={id} value={value} maxLength={BODY_LIMIT} onChange={(e) => onChange(e.target.value)} />
    </Field>
  );
}
