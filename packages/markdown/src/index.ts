export { Markdown, RenderedHtml } from './markdown.tsx';
export { renderMarkdown, sanitizeHtml } from './render.ts';
