import type { QuizAnswer, QuizQuestion } from '@liveedu/api-client';

/** What a learner chose for one question: options (single or multiple) or a short text. */
export interface Choice {
  optionIds: string[];
  text: string;
}

export const NO_CHOICE: Choice = { optionIds: [], text: '' };

/** The attempt's answers: one a question, in the quiz's order; a question left blank is left out (wrong). */
export function answersOf(
  questions: readonly QuizQuestion[],
  choices: Readonly<Record<string, Choice>>,
): QuizAnswer[] {
  const answers: QuizAnswer[] = [];
  for (const question of questions) {
    const choice = choices[question._id];
    if (!choice) continue;
    if (question.type === 'short') {
      if (choice.text.trim()) answers.push({ questionId: question._id, text: choice.text });
    } else if (choice.optionIds.length > 0) {
      answers.push({ questionId: question._id, optionIds: choice.optionIds });
    }
  }
  return answers;
}

/** A choice after the learner picks an option (one for single choice) or types. */
export function choose(
  question: QuizQuestion,
  choice: Choice,
  change: { optionId: string; checked: boolean } | { text: string },
): Choice {
  if ('text' in change) return { ...choice, text: change.text };
  if (question.type === 'single') return { ...choice, optionIds: change.checked ? [change.optionId] : [] };
  const others = choice.optionIds.filter((id) => id !== change.optionId);
  return { ...choice, optionIds: change.checked ? [...others, change.optionId] : others };
}

/** "2 of 3 attempts used", "1 attempt used" when there is no limit. */
export function attemptsText(used: number, left: number | null): string {
  if (left === null) return `${used} attempt${used === 1 ? '' : 's'} used (no limit)`;
  return `${used} of ${used + left} attempts used, ${left} left`;
}

/** A video's questions in the order it asks them. */
export function inVideoQuestions(questions: readonly QuizQuestion[]): QuizQuestion[] {
  return questions
    .filter((q): q is QuizQuestion & { atSec: number } => typeof q.atSec === 'number')
    .sort((a, b) => (a.atSec ?? 0) - (b.atSec ?? 0));
}

/** A frame's leeway: a question at 30 s is due when the clock says 29.95. */
const LEEWAY_SEC = 0.05;

/**
 * The question to ask now: the first not yet asked whose time the video has reached or passed
 * (however it got there, seeking included); every one left once the video has ended.
 */
export function dueQuestion(
  ordered: readonly QuizQuestion[],
  asked: ReadonlySet<string>,
  at: { seconds: number; ended: boolean },
): QuizQuestion | undefined {
  return ordered.find((q) => !asked.has(q._id) && (at.ended || (q.atSec ?? 0) <= at.seconds + LEEWAY_SEC));
}
