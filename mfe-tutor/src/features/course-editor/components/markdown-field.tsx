import { Field, theme } from '@liveedu/ui';
import { lazy, Suspense, useDeferredValue } from 'react';
import styled from 'styled-components';

// The renderer and its sanitiser load with the first preview, not with the editor.
const Markdown = lazy(() =>
  import(/* webpackChunkName: "markdown-preview" */ '@liveedu/markdown').then((m) => ({
    default: m.Markdown,
  })),
);

const Columns = styled.div`
  display: grid;
  gap: 0.75rem;
  grid-template-columns: minmax(0, 1fr);
  @media (min-width: ${theme.breakpoints.md}) { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); }
  textarea { width: 100%; box-sizing: border-box; min-height: 14rem; font-family: ui-monospace, SFMono-Regular, Menlo, monospace; }
  small { color: ${theme.colors.muted}; }
  small[data-over='true'] { color: ${theme.colors.danger}; font-weight: 600; }
`;

const Preview = styled.div`
  border: 1px dashed ${theme.colors.border};
  border-radius: 8px;
  padding: 0.5rem 0.75rem;
  min-height: 14rem;
  max-height: 32rem;
  overflow: auto;
  background: ${theme.colors.surface};
  > p.muted { color: ${theme.colors.muted}; }
`;

/**
 * A Markdown text with its live preview beside it, rendered as learners will see it (sanitised),
 * and a count of its characters against the most it may have.
 */
export function MarkdownField({
  id,
  label,
  value,
  onChange,
  maxLength,
  previewLabel,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  /** The preview's name, e.g. "Preview of the article". */
  previewLabel: string;
}) {
  // Typing stays quick in a long text: the preview follows when there is time.
  const shown = useDeferredValue(value);
  const over = value.length > maxLength;
  return (
    <Field>
      <label htmlFor={id}>{label}</label>
      <Columns>
        <div>
          <textarea
            id={id}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            aria-describedby={`${id}-count`}
            aria-invalid={over || undefined}
          />
          <small id={`${id}-count`} data-over={over}>
            {value.length.toLocaleString('en-US')} of {maxLength.toLocaleString('en-US')} characters ·
            Markdown
          </small>
        </div>
        <Preview role="region" aria-label={previewLabel} tabIndex={0} data-testid="markdown-preview">
          <Suspense fallback={<p className="muted">Loading the preview…</p>}>
            {shown.trim() ? <Markdown source={shown} /> : <p className="muted">The preview shows here.</p>}
          </Suspense>
        </Preview>
      </Columns>
    </Field>
  );
}
