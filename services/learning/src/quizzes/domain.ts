/**
 * The rules of a quiz: what a tutor may write, and how an attempt is graded. No I/O.
 */

export type QuestionType = 'single' | 'multiple' | 'short';

export interface Option {
  _id: string;
  text: string;
}

export interface Question {
  _id: string;
  type: QuestionType;
  prompt: string;
  options: Option[];
  /** Choice questions: the ids of the right options. */
  correct: string[];
  /** Short answers: the texts that count as right (compared trimmed, ignoring case and accents). */
  accepted: string[];
  explanation: string;
  /** In-video questions: the second of the video the player pauses at to ask. */
  atSec?: number;
}

export interface QuestionInput {
  _id?: string;
  type: QuestionType;
  prompt: string;
  options?: Array<{ _id?: string; text: string }>;
  correct?: string[];
  accepted?: string[];
  explanation?: string;
  atSec?: number;
}

export const QUIZ_LIMITS = {
  questions: 50,
  options: 10,
  accepted: 20,
  prompt: 2_000,
  optionText: 500,
  acceptedText: 200,
  explanation: 2_000,
  shortAnswer: 1_000,
  maxAttempts: 10,
};

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };
const fail = (message: string) => ({ ok: false, message }) as const;

const POSITION = /^\d{1,2}$/;

/** The ids of the right options: each names an option by its `_id` or by its position ("0" first). */
function correctIds(given: string[], options: Option[], sentIds: Array<string | undefined>): string[] | null {
  const out = new Set<string>();
  for (const value of given) {
    const at = POSITION.test(value) ? Number(value) : sentIds.indexOf(value);
    const option = at >= 0 ? options[at] : undefined;
    if (!option) return null;
    out.add(option._id);
  }
  return [...out];
}

/**
 * Whether an id the author sent back is one the quiz has and is not sent a second time; it then
 * counts as seen.
 */
function claimed(id: string, known: ReadonlySet<string>, seen: Set<string>): boolean {
  if (!known.has(id) || seen.has(id)) return false;
  seen.add(id);
  return true;
}

function checkQuestion(
  input: QuestionInput,
  known: { questions: ReadonlySet<string>; options: ReadonlySet<string> },
  seen: { questions: Set<string>; options: Set<string> },
  fresh: () => string,
): Checked<Question> {
  if (input._id !== undefined && !claimed(input._id, known.questions, seen.questions)) {
    return fail('Unknown question in the quiz');
  }
  const prompt = input.prompt.trim();
  if (!prompt) return fail('Every question needs a prompt');
  const explanation = (input.explanation ?? '').trim();
  const base = { _id: input._id ?? fresh(), type: input.type, prompt, explanation };
  const withAt = input.atSec === undefined ? {} : { atSec: input.atSec };
  if (input.type === 'short') {
    const accepted = [...new Set((input.accepted ?? []).map((text) => text.trim()).filter(Boolean))];
    if ((input.options ?? []).length > 0 || (input.correct ?? []).length > 0) {
      return fail('A short-answer question has accepted answers, not options');
    }
    if (accepted.length === 0) return fail('A short-answer question needs at least one accepted answer');
    return { ok: true, value: { ...base, options: [], correct: [], accepted, ...withAt } };
  }
  const sent = input.options ?? [];
  if (sent.length < 2) return fail('A choice question needs at least two options');
  if ((input.accepted ?? []).length > 0) return fail('A choice question has options, not accepted answers');
  const options: Option[] = [];
  for (const option of sent) {
    if (option._id !== undefined && !claimed(option._id, known.options, seen.options)) {
      return fail('Unknown option in the quiz');
    }
    const text = option.text.trim();
    if (!text) return fail('Every option needs a text');
    options.push({ _id: option._id ?? fresh(), text });
  }
  const correct = correctIds(
    input.correct ?? [],
    options,
    sent.map((option) => option._id),
  );
  if (correct === null) return fail('A right answer must be one of the question’s options');
  if (correct.length === 0) return fail('Mark the right option of every choice question');
  if (input.type === 'single' && correct.length !== 1) {
    return fail('A single-choice question has exactly one right option');
  }
  return { ok: true, value: { ...base, options, correct, accepted: [], ...withAt } };
}

/**
 * A tutor's questions, checked and with ids: a question or option sent back with its `_id` keeps
 * it, a new one gets `fresh()`. On a video every question says when it is asked (`atSec`); on a
 * quiz item none does.
 */
export function prepareQuestions(
  input: readonly QuestionInput[],
  stored: readonly Question[],
  onVideo: boolean,
  fresh: () => string,
): Checked<Question[]> {
  if (input.length === 0 || input.length > QUIZ_LIMITS.questions) {
    return fail(`A quiz has 1 to ${QUIZ_LIMITS.questions} questions`);
  }
  const known = {
    questions: new Set(stored.map((q) => q._id)),
    options: new Set(stored.flatMap((q) => q.options.map((o) => o._id))),
  };
  const seen = { questions: new Set<string>(), options: new Set<string>() };
  const out: Question[] = [];
  for (const question of input) {
    if (onVideo && question.atSec === undefined) {
      return fail('Every question on a video says when it is asked (atSec)');
    }
    if (!onVideo && question.atSec !== undefined) {
      return fail('Only questions on a video are asked at a time (atSec)');
    }
    const checked = checkQuestion(question, known, seen, fresh);
    if (!checked.ok) return checked;
    out.push(checked.value);
  }
  if (onVideo) out.sort((a, b) => (a.atSec ?? 0) - (b.atSec ?? 0));
  return { ok: true, value: out };
}

/** A question as a learner sees it before answering: no right answers, no explanation. */
export function questionForLearner(question: Question) {
  return {
    _id: question._id,
    type: question.type,
    prompt: question.prompt,
    options: question.options,
    ...(question.atSec === undefined ? {} : { atSec: question.atSec }),
  };
}

/** Compared the way a person reads it: trimmed, spaces collapsed, without case or accents. */
export function normaliseAnswer(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').trim().replace(/\s+/g, ' ').toLowerCase();
}

export interface AnswerInput {
  questionId: string;
  optionIds?: string[];
  text?: string;
}

export interface GradedQuestion {
  questionId: string;
  correct: boolean;
  explanation: string;
  /** The wrong options chosen (choice questions). */
  wrongOptionIds: string[];
}

export interface Grade {
  scorePercent: number;
  passed: boolean;
  results: GradedQuestion[];
}

/**
 * Grades an attempt against the quiz: a choice question is right when exactly its right options
 * are chosen, a short answer when it matches an accepted one; a question left out is wrong.
 */
export function gradeAttempt(
  questions: readonly Question[],
  answers: readonly AnswerInput[],
  passPercent: number,
): Checked<Grade> {
  const byId = new Map<string, AnswerInput>();
  for (const answer of answers) {
    if (byId.has(answer.questionId)) return fail('Each question is answered once');
    if (!questions.some((q) => q._id === answer.questionId)) return fail('Unknown question in your answers');
    byId.set(answer.questionId, answer);
  }
  const results: GradedQuestion[] = [];
  for (const question of questions) {
    const answer = byId.get(question._id);
    if (question.type === 'short') {
      const given = answer?.text === undefined ? '' : normaliseAnswer(answer.text);
      const correct = given !== '' && question.accepted.some((text) => normaliseAnswer(text) === given);
      results.push({
        questionId: question._id,
        correct,
        explanation: question.explanation,
        wrongOptionIds: [],
      });
      continue;
    }
    const chosen = [...new Set(answer?.optionIds ?? [])];
    const optionIds = new Set(question.options.map((o) => o._id));
    if (chosen.some((id) => !optionIds.has(id))) return fail('Unknown option in your answers');
    if (question.type === 'single' && chosen.length > 1)
      return fail('Choose one option for a single-choice question');
    const right = new Set(question.correct);
    const correct = chosen.length === right.size && chosen.every((id) => right.has(id));
    results.push({
      questionId: question._id,
      correct,
      explanation: question.explanation,
      wrongOptionIds: chosen.filter((id) => !right.has(id)),
    });
  }
  const scorePercent = Math.round((100 * results.filter((r) => r.correct).length) / questions.length);
  return { ok: true, value: { scorePercent, passed: scorePercent >= passPercent, results } };
}

/** Attempts left after `used`, or null when there is no limit. */
export const attemptsLeft = (maxAttempts: number | null, used: number) =>
  maxAttempts === null ? null : Math.max(0, maxAttempts - used);
