import MarkdownIt from 'markdown-it';
import { sanitizeHtml, WEB_ADDRESS } from './sanitize.ts';

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

/**
 * A tutor's Markdown as HTML safe to put in the page: raw HTML in the text is shown as text, links
 * and pictures are http(s) only, and the result goes through DOMPurify where there is a DOM.
 */
export function renderMarkdown(source: string): string {
  return sanitizeHtml(parser.render(source));
}
