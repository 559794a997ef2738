import type { LearnerQuiz, QuizAnswer, QuizAttemptResult } from '@liveedu/api-client';

/** Three questions, one of each type; `atSec` makes them a video's questions. */
export function threeQuestions(itemId: string, atSec?: [number, number, number]): LearnerQuiz {
  const at = (i: number) => (atSec ? { atSec: atSec[i] } : {});
  return {
    courseId: 'c1',
    itemId,
    on: atSec ? 'video' : 'quiz',
    passPercent: 70,
    maxAttempts: 2,
    required: true,
    questions: [
      {
        _id: 'qa',
        type: 'single',
        prompt: 'What is 2 + 2?',
        options: [
          { _id: 'o1', text: '3' },
          { _id: 'o2', text: '4' },
        ],
        ...at(0),
      },
      {
        _id: 'qb',
        type: 'multiple',
        prompt: 'Which are prime?',
        options: [
          { _id: 'o3', text: '2' },
          { _id: 'o4', text: '3' },
          { _id: 'o5', text: '4' },
        ],
        ...at(1),
      },
      { _id: 'qc', type: 'short', prompt: 'The capital of France?', options: [], ...at(2) },
    ],
    mine: { attempts: 0, attemptsLeft: 2, bestScorePercent: null, passed: false },
  };
}

/** Grades the three questions as the server does, counting attempts against `left`. */
export function grader(left = { count: 2 }) {
  return (_itemId: string, answers: QuizAnswer[]): QuizAttemptResult | [number, string] => {
    if (left.count === 0) return [409, 'You have used every attempt at this quiz'];
    left.count -= 1;
    const given = (id: string) => answers.find((a) => a.questionId === id);
    const same = (a: string[] | undefined, b: string[]) =>
      (a ?? []).length === b.length && b.every((x) => a?.includes(x));
    const results = [
      {
        questionId: 'qa',
        correct: same(given('qa')?.optionIds, ['o2']),
        explanation: 'Two and two make four.',
      },
      { questionId: 'qb', correct: same(given('qb')?.optionIds, ['o3', 'o4']), explanation: '4 is 2 × 2.' },
      {
        questionId: 'qc',
        correct: given('qc')?.text?.trim().toLowerCase() === 'paris',
        explanation: 'Paris.',
      },
    ];
    const scorePercent = Math.round((100 * results.filter((r) => r.correct).length) / 3);
    return {
      attempt: 2 - left.count,
      scorePercent,
      passed: scorePercent >= 70,
      attemptsLeft: left.count,
      results,
    };
  };
}
