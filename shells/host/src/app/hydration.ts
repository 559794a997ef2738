import { PAGE_ROUTES } from '@liveedu/platform-registry';
import type { ReadAnswer } from '@liveedu/query';
import { matchPath } from 'react-router';
import { ANSWERS_ELEMENT_ID } from './answers-element.ts';

export { ANSWERS_ELEMENT_ID };

/** The answers the server rendered this page from, or null when the page came unrendered. */
export function serverAnswers(): ReadAnswer[] | null {
  const element = document.getElementById(ANSWERS_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    const answers: unknown = JSON.parse(element.textContent);
    return Array.isArray(answers) ? (answers as ReadAnswer[]) : null;
  } catch {
    return null;
  }
}

/** The route of a remote's page at `pathname`, if any. */
export const pageRouteAt = (pathname: string) =>
  PAGE_ROUTES.find((route) => matchPath(route.path, pathname) !== null);
