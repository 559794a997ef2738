import DOMPurify from 'dompurify';
import MarkdownIt from 'markdown-it';

/** Links and pictures may point only at web addresses; anything else (javascript:, data:, file:) is dropped. */
const WEB_ADDRESS = /^https?:\/\//i;

const parser = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: false });
parser.validateLink = (url: string) => WEB_ADDRESS.test(url.trim());

// Every link opens in a new tab, without handing the page to it or vouching for it.
const renderLinkOpen =
  parser.renderer.rules.link_open ??
  ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
parser.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx];
  token?.attrSet('target', '_blank');
  token?.attrSet('rel', 'noopener noreferrer nofollow');
  return renderLinkOpen(tokens, idx, options, env, self);
};

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
 * A tutor's Markdown as HTML safe to put in the page: raw HTML in the text is shown as text, links
 * and pictures are http(s) only, and the result goes through DOMPurify where there is a DOM.
 */
export function renderMarkdown(source: string): string {
  return sanitizeHtml(parser.render(source));
}

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
