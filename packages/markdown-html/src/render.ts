import MarkdownIt from 'markdown-it';
import { markdownRenderers } from './renderers.ts';

/** The renderers where the page is made, with markdown-it loaded up front. */
export const { renderMarkdown, renderPostMarkdown } = markdownRenderers(MarkdownIt);
