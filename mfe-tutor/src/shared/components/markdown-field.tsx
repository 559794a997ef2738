import { Field } from '@liveedu/ui';
import { useId } from 'react';

/** The longest post (an answer, an announcement) the form lets one type. */
const MAX_POST_LENGTH = 5000;

/**
 * The text box of a post written in Markdown (an answer, an announcement), with a hint of the
 * Markdown it takes; the counterpart of `PostBody`, which shows the post once rendered.
 */
export function MarkdownField({
  label,
  value,
  onChange,
  rows,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  rows?: number;
}) {
  const id = useId();
  return (
    <Field>
      <label htmlFor={`${id}-text`}>{label}</label>
      <textarea
        id={`${id}-text`}
        rows={rows}
        value={value}
        maxLength={MAX_POST_LENGTH}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(e.target.value)}
      />
      <small id={`${id}-hint`}>Markdown works: **bold**, `code`, lists and links.</small>
    </Field>
  );
}
