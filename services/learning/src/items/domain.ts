/**
 * Who may do what with an item, from what the catalog says of it. No I/O: the answer comes in.
 */

export type ItemKind = 'video' | 'article' | 'quiz' | 'assignment';

export interface ItemFacts {
  access: 'student' | 'tutor' | 'admin' | 'none';
  kind: ItemKind;
  locked: boolean;
}

export const NO_SUCH_ITEM = 'This course has no such item';
export const NOT_YOUR_COURSE = "Only the course's tutor can change this";
export const NOT_ENROLLED = 'Please buy this course to use its lessons';
export const LOCKED = 'Finish the previous item first';

/** A refusal: the status and the sentence the caller is told. */
export interface Refusal {
  status: 403 | 404;
  message: string;
}

/** Whether the caller may use an item as a learner (a student of the course, or its tutor or the admin trying it). */
export function learnRefusal(item: ItemFacts | null): Refusal | null {
  if (!item) return { status: 404, message: NO_SUCH_ITEM };
  if (item.access === 'none') return { status: 403, message: NOT_ENROLLED };
  if (item.access === 'student' && item.locked) return { status: 403, message: LOCKED };
  return null;
}

/** Whether the caller may write an item's quiz or assignment: only the course's tutor. */
export function editRefusal(item: ItemFacts | null): Refusal | null {
  if (!item) return { status: 404, message: NO_SUCH_ITEM };
  if (item.access !== 'tutor') return { status: 403, message: NOT_YOUR_COURSE };
  return null;
}

/** A quiz goes on a quiz item, or on a video as its in-video questions; an assignment on an assignment item. */
export function kindRefusal(kind: ItemKind, wanted: 'quiz' | 'assignment'): string | null {
  if (wanted === 'quiz') {
    return kind === 'quiz' || kind === 'video' ? null : 'A quiz belongs to a quiz item or a video';
  }
  return kind === 'assignment' ? null : 'An assignment belongs to an assignment item';
}
