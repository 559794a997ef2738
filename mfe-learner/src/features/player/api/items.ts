import type { CourseSection } from '@liveedu/api-client';

export type ItemKind = 'video' | 'article' | 'quiz' | 'assignment';

/** An item of the course as the player shows it. */
export type PlayerItem = CourseSection[number] & {
  /** What the item is; a video when the course says nothing. */
  kind?: ItemKind;
  /** An article's text, in Markdown. */
  body?: string;
  /** A sequential course keeps it closed until the item before it is done. */
  locked?: boolean;
};

/** What a learner is told of a locked item, as the server refuses it. */
export const LOCKED_MESSAGE = 'Finish the previous item first';

export const KIND_NAMES: Record<ItemKind, string> = {
  video: 'Video',
  article: 'Article',
  quiz: 'Quiz',
  assignment: 'Assignment',
};

export function kindOf(item: PlayerItem): ItemKind {
  return item.kind ?? 'video';
}

/** "3 videos" for a section of videos only, "3 items" for one that mixes kinds. */
export function sectionCount(section: readonly PlayerItem[]): string {
  const n = section.length;
  const noun = section.every((item) => kindOf(item) === 'video') ? 'video' : 'item';
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
