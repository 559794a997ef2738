import type { PageHead } from '@liveedu/contracts';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON inside a script element: nothing in it may close the element or open a comment. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const absolute = (origin: string, url: string) => new URL(url, `${origin}/`).href;

/** The head's tags for a page: title, description, canonical address, Open Graph, Twitter, JSON-LD. */
export function headTags(head: PageHead, origin: string): string {
  const url = absolute(origin, head.path);
  const meta = (attribute: 'name' | 'property', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:site_name', 'LiveEdu'),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', url),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
  ];
  if (head.image) {
    const image = absolute(origin, head.image);
    tags.push(meta('property', 'og:image', image), meta('name', 'twitter:image', image));
  }
  for (const object of head.jsonLd ?? []) {
    tags.push(`<script type="application/ld+json">${scriptJson(object)}</script>`);
  }
  return tags.join('\n    ');
}
