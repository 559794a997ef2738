import { type MarkdownRenderers, markdownRenderers } from './renderers.ts';

let loading: Promise<MarkdownRenderers> | null = null;

/**
 * `renderPostMarkdown` for a server, which loads markdown-it (about 8 MiB of a process) with the
 * first post it renders rather than at its start.
 */
export async function renderPostMarkdownLater(source: string): Promise<string> {
  loading ??= import('markdown-it').then(({ default: Parser }) => markdownRenderers(Parser));
  return (await loading).renderPostMarkdown(source);
}
