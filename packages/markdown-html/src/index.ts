export { renderPostMarkdownLater } from './post-markdown-later.ts';
export { renderMarkdown, renderPostMarkdown } from './render.ts';
export { sanitizeHtml, WEB_ADDRESS } from './sanitize.ts';
