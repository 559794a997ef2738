/** Rules of questions and answers that need nothing from the world. */

export const TITLE_MIN = 5;
export const TITLE_MAX = 200;
export const BODY_MAX = 5_000;
export const EXCERPT_LENGTH = 200;
/** What an author deleted from the platform is shown as. */
export const DELETED_USER = 'deleted user';

/**
 * The lesson item and the second of its video a question is about, as the events of the question
 * and of its answers carry them: each only when the question has one.
 */
export function momentOf(question: { itemId: string | null; atSec: number | null }): {
  itemId?: string;
  atSec?: number;
} {
  return {
    ...(question.itemId ? { itemId: question.itemId } : {}),
    ...(question.atSec !== null ? { atSec: question.atSec } : {}),
  };
}

/** The body as plain text, cut to `EXCERPT_LENGTH` characters: what a list shows. */
export function excerptOf(markdown: string): string {
  const plain = markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_>#~|-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length <= EXCERPT_LENGTH ? plain : `${plain.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…`;
}

/** Who hears of a new answer: the asker and the question's followers, never the answer's author. */
export function answerRecipients(
  askerId: string | null,
  followers: readonly string[],
  authorId: string,
): string[] {
  const everyone = askerId ? [askerId, ...followers] : [...followers];
  return [...new Set(everyone)].filter((userId) => userId !== authorId);
}

/** The asker or the course's tutor may say which answer is the accepted one. */
export function mayAccept(userId: string, question: { authorId: string | null; tutorId: string }): boolean {
  return userId === question.authorId || userId === question.tutorId;
}

/** Whether the user sees a post: everyone sees a visible one, only its author a hidden one. */
export function visibleTo(post: { hidden: boolean; authorId: string | null }, userId: string): boolean {
  return !post.hidden || post.authorId === userId;
}

/** An author as the API shows it. */
export function authorOf(post: { authorId: string | null; authorName: string; byInstructor: boolean }) {
  return post.authorId
    ? { _id: post.authorId, name: post.authorName, instructor: post.byInstructor }
    : { _id: null, name: DELETED_USER, instructor: post.byInstructor };
}
