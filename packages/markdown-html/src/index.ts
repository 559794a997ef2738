export { renderMarkdown, renderPostMarkdown } from './render.ts';
export { sanitizeHtml, WEB_ADDRESS } from './sanitize.ts';
