export { Markdown } from './markdown.tsx';
export { renderMarkdown } from './render.ts';
export { RenderedHtml } from './rendered-html.tsx';
export { sanitizeHtml } from './sanitize.ts';
