import { useMemo } from 'react';
import styled from 'styled-components';
import { renderMarkdown, sanitizeHtml } from './render.ts';

const Prose = styled.div`
  line-height: 1.6;
  overflow-wrap: anywhere;
  h1, h2, h3 { line-height: 1.25; margin: 1.2em 0 0.5em; }
  pre { overflow-x: auto; padding: 0.75rem; border-radius: 6px; background: rgba(0, 0, 0, 0.05); }
  code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 0.92em; }
  img { max-width: 100%; height: auto; }
  blockquote { margin: 0; padding-left: 1rem; border-left: 3px solid rgba(0, 0, 0, 0.2); }
  table { border-collapse: collapse; }
  th, td { border: 1px solid rgba(0, 0, 0, 0.2); padding: 0.25rem 0.5rem; }
`;

/** A tutor's Markdown, rendered and sanitised (see `renderMarkdown`). */
export function Markdown({ source, className }: { source: string; className?: string }) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is made from Markdown without raw HTML and sanitised.
  return <Prose className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** HTML the server rendered from Markdown (a post's `bodyHtml`), sanitised again and shown as `Markdown` shows its own. */
export function RenderedHtml({ html, className }: { html: string; className?: string }) {
  const safe = useMemo(() => sanitizeHtml(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's HTML, sanitised again with the allow-list of renderMarkdown.
  return <Prose className={className} dangerouslySetInnerHTML={{ __html: safe }} />;
}
