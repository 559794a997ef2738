import type MarkdownIt from 'markdown-it';
import { sanitizeHtml, WEB_ADDRESS } from './sanitize.ts';

export interface MarkdownRenderers {
  /**
   * A tutor's Markdown as HTML safe to put in the page: raw HTML in the text is shown as text,
   * links and pictures are http(s) only, and the result goes through DOMPurify where there is a DOM.
   */
  renderMarkdown(source: string): string;
  /**
   * A post's Markdown (a question, an answer, an announcement) as HTML, rendered where it is
   * stored: the same rules as a tutor's, and every link marked `rel="nofollow ugc"`.
   */
  renderPostMarkdown(source: string): string;
}

/** The renderers over markdown-it's parser, given as its constructor so a server can load it late. */
export function markdownRenderers(Parser: typeof MarkdownIt): MarkdownRenderers {
  const parser = new Parser({ html: false, linkify: true, typographer: false, breaks: false });
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

  return {
    renderMarkdown: (source) => sanitizeHtml(parser.render(source)),
    renderPostMarkdown: (source) => sanitizeHtml(parser.render(source, { ugc: true })),
  };
}
