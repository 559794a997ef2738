import type { PageHead } from '@liveedu/contracts';
import type { ReadAnswer } from '@liveedu/query';
import { ANSWERS_ELEMENT_ID } from '../hydration.ts';
import { headTags, scriptJson } from './page-head.ts';

/**
 * The host's built page (`index.html`) with a rendered page in it: the page's head tags in place
 * of the default title, its styles, its HTML inside `#root`, and the answers it was rendered from.
 */
export function pageDocument(
  template: string,
  page: { head: PageHead; origin: string; styles: string; html: string; answers: readonly ReadAnswer[] },
): string {
  const answers = `<script type="application/json" id="${ANSWERS_ELEMENT_ID}">${scriptJson(page.answers)}</script>`;
  const withHead = template.replace(
    /<title>[^<]*<\/title>/,
    () => `${headTags(page.head, page.origin)}\n    ${page.styles}`,
  );
  const root = '<div id="root"></div>';
  if (!withHead.includes(root)) throw new Error('The page template has no empty #root element');
  return withHead.replace(root, () => `<div id="root">${page.html}</div>${answers}`);
}
