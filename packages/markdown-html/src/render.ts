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
  // A learner's post (`env.ugc`) is user-generated content the site does not vouch for either.
  token?.attrSet(
    'rel',
    (env as { ugc?: boolean } | undefined)?.ugc
      ? 'nofollow ugc noopener noreferrer'
      : 'noopener noreferrer nofollow',
  );
  return renderLinkOpen(tokens, idx, options, env, self);
};

/**
 * A tutor's Markdown as HTML safe to put in the page: raw HTML in the text is shown as text, links
 * and pictures are http(s) only, and the result goes through DOMPurify where there is a DOM.
 */
export function renderMarkdown(source: string): string {
  return sanitizeHtml(parser.render(source));
}

/**
 * A post's Markdown (a question, an answer, an announcement) as HTML, rendered where it is stored:
 * the same rules as a tutor's, and every link marked `rel="nofollow ugc"`.
 */
export function renderPostMarkdown(source: string): string {
  return sanitizeHtml(parser.render(source, { ugc: true }));
}
