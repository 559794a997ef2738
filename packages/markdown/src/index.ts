export { Markdown } from './markdown.tsx';
export { renderMarkdown } from './render.ts';
