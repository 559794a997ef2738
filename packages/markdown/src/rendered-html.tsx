import { sanitizeHtml } from '@liveedu/markdown-html';
import { useMemo } from 'react';
import { Prose } from './prose.ts';

/**
 * HTML the server rendered from Markdown (a post's `bodyHtml`), sanitised again and shown as
 * `Markdown` shows its own; without the Markdown parser, so a page showing only such HTML stays light.
 */
export function RenderedHtml({ html, className }: { html: string; className?: string }) {
  const safe = useMemo(() => sanitizeHtml(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's HTML, sanitised again with the allow-list of renderMarkdown.
  return <Prose className={className} dangerouslySetInnerHTML={{ __html: safe }} />;
}
