import { renderMarkdown } from '@liveedu/markdown-html';
import { useMemo } from 'react';
import { Prose } from './prose.ts';

/** A tutor's Markdown, rendered and sanitised (see `renderMarkdown`). */
export function Markdown({ source, className }: { source: string; className?: string }) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is made from Markdown without raw HTML and sanitised.
  return <Prose className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
