/** The rules of assignments: what a tutor sets, what a student hands in, how it is graded. No I/O. */

export const ASSIGNMENT_LIMITS = {
  brief: 20_000,
  rubric: 10_000,
  /** The most a tutor may let one file be. */
  maxSizeMb: 50,
  text: 10_000,
  feedback: 10_000,
  fileName: 200,
};

export const TEXT_ONLY = 'This assignment takes text only';
export const NOTHING_HANDED_IN = 'Hand in a file or some text';
export const STUDENTS_ONLY = "Only the course's students hand in assignments";

/** What a student hands in, once the upload is read: the text typed and whether a file came. */
export function submissionProblem(given: { text: string; hasFile: boolean }): string | null {
  if (given.text.length > ASSIGNMENT_LIMITS.text) {
    return `The text must be at most ${ASSIGNMENT_LIMITS.text} characters`;
  }
  if (given.text.trim() === '' && !given.hasFile) return NOTHING_HANDED_IN;
  return null;
}

/** A file's name as it is shown back: its last path segment, without control characters, not too long. */
export function cleanFileName(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? '';
  const clean = last.replace(/[\p{Cc}"]/gu, '').trim();
  return (clean || 'file').slice(0, ASSIGNMENT_LIMITS.fileName);
}
