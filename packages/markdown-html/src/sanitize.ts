import DOMPurify from 'dompurify';

/** Links and pictures may point only at web addresses; anything else (javascript:, data:, file:) is dropped. */
export const WEB_ADDRESS = /^https?:\/\//i;

/** What the sanitiser keeps: the elements Markdown makes, nothing that runs or frames. */
const ALLOWED_TAGS = [
  'p',
  'br',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'em',
  's',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];
const ALLOWED_ATTR = ['href', 'src', 'alt', 'title', 'target', 'rel', 'start', 'style'];

/**
 * HTML rendered from Markdown elsewhere (a post's `bodyHtml` from the server) kept to what
 * `renderMarkdown` makes: the same elements and attributes, links and pictures over http(s) only.
 */
export function sanitizeHtml(html: string): string {
  if (!DOMPurify.isSupported) return html;
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: WEB_ADDRESS,
  });
}
