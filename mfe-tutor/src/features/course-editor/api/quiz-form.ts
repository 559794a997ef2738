import type { TutorQuiz, TutorQuizBody } from '@liveedu/api-client';

/** Where a quiz is asked: a quiz item of its own, or questions at moments of a video. */
export type QuizOn = 'quiz' | 'video';
export type QuestionType = 'single' | 'multiple' | 'short';

export const QUESTION_TYPES: readonly { id: QuestionType; label: string }[] = [
  { id: 'single', label: 'Single choice' },
  { id: 'multiple', label: 'Multiple choice' },
  { id: 'short', label: 'Short answer' },
];

/** The most attempts a quiz may allow (the learning service's limit). */
export const MAX_ATTEMPTS = 10;
export const DEFAULT_PASS_PERCENT = 70;

export interface OptionDraft {
  key: string;
  /** Kept from the server, so the students' answers and figures stay with the option. */
  _id?: string;
  text: string;
  right: boolean;
}

export interface QuestionDraft {
  key: string;
  _id?: string;
  type: QuestionType;
  prompt: string;
  /** Choice questions (kept while a question is a short answer, in case it turns back). */
  options: OptionDraft[];
  /** Short answers: the texts that count as right, one a line. */
  accepted: string;
  explanation: string;
  /** In-video questions: when the player asks, as m:ss. */
  at: string;
}

export interface QuizDraft {
  /** As typed in the numeric inputs. */
  passPercent: string;
  maxAttempts: string;
  unlimited: boolean;
  required: boolean;
  questions: QuestionDraft[];
}

let counter = 0;
const nextKey = (prefix: string) => `${prefix}-${++counter}`;

export const emptyOption = (): OptionDraft => ({ key: nextKey('option'), text: '', right: false });

export function emptyQuestion(): QuestionDraft {
  return {
    key: nextKey('question'),
    type: 'single',
    prompt: '',
    options: [emptyOption(), emptyOption()],
    accepted: '',
    explanation: '',
    at: '',
  };
}

/** "1:05" for 65 seconds; an hour and more as h:mm:ss. */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** Seconds from "m:ss" (or "h:mm:ss"); null when it is neither. */
export function parseClock(text: string): number | null {
  const match = /^(?:(\d+):)?(\d+):([0-5]\d)$/.exec(text.trim());
  if (!match) return null;
  const [, h, m, s] = match;
  if (h !== undefined && Number(m) > 59) return null;
  return Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s);
}

/** The form of a quiz as the server has it, or of a new one (null): one question to start from. */
export function draftFromQuiz(quiz: TutorQuiz | null, on: QuizOn): QuizDraft {
  if (!quiz) {
    return {
      passPercent: String(DEFAULT_PASS_PERCENT),
      maxAttempts: '3',
      unlimited: true,
      // A quiz item counts towards the certificate by default; questions in a video do not.
      required: on === 'quiz',
      questions: [emptyQuestion()],
    };
  }
  return {
    passPercent: String(quiz.passPercent),
    maxAttempts: String(quiz.maxAttempts ?? 3),
    unlimited: quiz.maxAttempts === null,
    required: quiz.required,
    questions: quiz.questions.map((q) => ({
      key: nextKey('question'),
      _id: q._id,
      type: q.type,
      prompt: q.prompt,
      options:
        q.type === 'short'
          ? [emptyOption(), emptyOption()]
          : q.options.map((o) => ({
              key: nextKey('option'),
              _id: o._id,
              text: o.text,
              right: q.correct.includes(o._id),
            })),
      accepted: q.accepted.join('\n'),
      explanation: q.explanation,
      at: q.atSec === undefined ? '' : formatClock(q.atSec),
    })),
  };
}

const isWhole = (text: string, min: number, max: number) =>
  /^\d+$/.test(text.trim()) && Number(text) >= min && Number(text) <= max;

/**
 * What the form cannot send as it is: numbers and times it cannot read. The rest (prompts,
 * options, right answers) the server checks and names.
 */
export function quizProblem(draft: QuizDraft, on: QuizOn): string | null {
  if (!isWhole(draft.passPercent, 1, 100)) return 'The pass mark is a whole percentage from 1 to 100';
  if (!draft.unlimited && !isWhole(draft.maxAttempts, 1, MAX_ATTEMPTS)) {
    return `Attempts allowed is a whole number from 1 to ${MAX_ATTEMPTS}, or unlimited`;
  }
  if (draft.questions.length === 0) return 'Add a question';
  if (on === 'video') {
    const untimed = draft.questions.findIndex((q) => parseClock(q.at) === null);
    if (untimed >= 0) return `Question ${untimed + 1}: write when it is asked as m:ss, e.g. 1:30`;
  }
  return null;
}

/**
 * The quiz as the server takes it: questions and options it gave keep their `_id`; a right option
 * is named by its `_id`, or by its position ("0" first) when it is new.
 */
export function toQuizBody(draft: QuizDraft, on: QuizOn): TutorQuizBody {
  return {
    passPercent: Number(draft.passPercent),
    maxAttempts: draft.unlimited ? null : Number(draft.maxAttempts),
    required: draft.required,
    questions: draft.questions.map((q) => {
      const base = {
        ...(q._id ? { _id: q._id } : {}),
        type: q.type,
        prompt: q.prompt,
        explanation: q.explanation,
        ...(on === 'video' ? { atSec: parseClock(q.at) ?? 0 } : {}),
      };
      if (q.type === 'short') {
        return {
          ...base,
          accepted: q.accepted
            .split('\n')
            .map((line) => line.trim())
            .filter(Boolean),
        };
      }
      return {
        ...base,
        options: q.options.map((o) => ({ ...(o._id ? { _id: o._id } : {}), text: o.text })),
        correct: q.options.flatMap((o, i) => (o.right ? [o._id ?? String(i)] : [])),
      };
    }),
  };
}

/** A question turned into another type: a single-choice one keeps only its first right option. */
export function withType(question: QuestionDraft, type: QuestionType): QuestionDraft {
  if (type !== 'single') return { ...question, type };
  const first = question.options.findIndex((o) => o.right);
  return { ...question, type, options: question.options.map((o, i) => ({ ...o, right: i === first })) };
}

/** The list with the entry at `from` moved by `by` places (nothing when that leaves the list). */
export function moved<T>(list: readonly T[], from: number, by: -1 | 1): T[] {
  const to = from + by;
  if (from < 0 || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [entry] = next.splice(from, 1);
  next.splice(to, 0, entry as T);
  return next;
}
