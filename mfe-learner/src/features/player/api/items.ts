import type { CourseSection } from '@liveedu/api-client';

/**
 * An item of the course as the player shows it: its kind, an article's Markdown, and `locked`
 * while a sequential course keeps it closed (then without its link, video or text).
 */
export type PlayerItem = CourseSection[number];

export type ItemKind = PlayerItem['kind'];

/** What a learner is told of a locked item, as the server refuses it. */
export const LOCKED_MESSAGE = 'Finish the previous item first';

export const KIND_NAMES: Record<ItemKind, string> = {
  video: 'Video',
  article: 'Article',
  quiz: 'Quiz',
  assignment: 'Assignment',
};

/** An item's kind; a video when the course says nothing, as items saved before kinds do. */
export function kindOf(item: Pick<PlayerItem, 'kind'>): ItemKind {
  return item.kind ?? 'video';
}

/** "3 videos" for a section of videos only, "3 items" for one that mixes kinds. */
export function sectionCount(section: readonly PlayerItem[]): string {
  const n = section.length;
  const noun = section.every((item) => kindOf(item) === 'video') ? 'video' : 'item';
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
