import { describe, expect, it } from 'vitest';
import type { Question } from '../quizzes/domain.ts';
import { quizFigures } from './domain.ts';

const question: Question = {
  _id: 'q1',
  type: 'single',
  prompt: 'Pick one',
  options: [
    { _id: 'o1', text: 'Right' },
    { _id: 'o2', text: 'Tempting' },
    { _id: 'o3', text: 'Rare' },
  ],
  correct: ['o1'],
  accepted: [],
  explanation: '',
};

describe("a tutor's quiz figures", () => {
  it('gives the pass rate, the average score and, per question, the share right and the wrong option most chosen', () => {
    const figures = quizFigures([question], {
      attempts: 4,
      passes: 1,
      scoreSum: 150,
      questions: { q1: { answered: 4, correct: 1, wrong: { o2: 2, o3: 1 } } },
    });
    expect(figures).toMatchObject({ attempts: 4, passRatePercent: 25, averageScorePercent: 38 });
    expect(figures.questions[0]).toEqual({
      questionId: 'q1',
      prompt: 'Pick one',
      answered: 4,
      correctPercent: 25,
      mostChosenWrong: { optionId: 'o2', text: 'Tempting', count: 2 },
    });
  });

  it('shows zeros before anyone answered', () => {
    const figures = quizFigures([question], undefined);
    expect(figures).toMatchObject({ attempts: 0, passRatePercent: 0, averageScorePercent: 0 });
    expect(figures.questions[0]?.mostChosenWrong).toBeNull();
  });
});
