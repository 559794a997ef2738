/** Which part of the player a link opens (a notification's): `?item=&t=&question=` or `?tab=announcements`. */
export interface PlayerLink {
  itemId: string | null;
  atSec: number | null;
  questionId: string | null;
  tab: 'questions' | 'announcements' | null;
}

const OBJECT_ID = /^[0-9a-f]{24}$/i;

/** The part of the player a notification's link names; what is malformed is left out. */
export function playerLinkOf(search: URLSearchParams): PlayerLink {
  const t = search.get('t');
  const at = t !== null && /^\d+$/.test(t) ? Number(t) : null;
  const question = search.get('question');
  const tab = search.get('tab');
  return {
    itemId: search.get('item') || null,
    atSec: at,
    questionId: question && OBJECT_ID.test(question) ? question : null,
    tab: tab === 'announcements' || tab === 'questions' ? tab : question ? 'questions' : null,
  };
}
