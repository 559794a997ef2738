export { renderMarkdown, renderPostMarkdown, sanitizeHtml } from '@liveedu/markdown-html';
export { Markdown } from './markdown.tsx';
export { RenderedHtml } from './rendered-html.tsx';
