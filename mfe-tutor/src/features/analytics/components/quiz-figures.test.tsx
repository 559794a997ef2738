import type { QuizFigures } from '@liveedu/api-client';
import { answerRoutes, createTestStore, renderWithProviders, requestedPaths } from '@liveedu/web-test-kit';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DropOffReport } from './drop-off-report.tsx';

const item = (itemId: string, videoTitle: string, kind?: string) => ({
  itemId,
  videoTitle,
  hosted: false,
  started: 2,
  completed: 1,
  startedShare: 0.67,
  completedShare: 0.33,
  retention: null,
  ...(kind ? { kind } : {}),
});

const QUIZ: QuizFigures = {
  itemId: 'i-quiz',
  on: 'quiz',
  attempts: 4,
  passRatePercent: 75,
  averageScorePercent: 68,
  questions: [
    {
      questionId: 'q1',
      prompt: 'What is 2 + 2?',
      answered: 4,
      correctPercent: 50,
      mostChosenWrong: { optionId: 'o2', text: '5', count: 2 },
    },
    {
      questionId: 'q2',
      prompt: 'The capital of France?',
      answered: 4,
      correctPercent: 100,
      mostChosenWrong: null,
    },
    { questionId: 'q3', prompt: 'Which are prime?', answered: 0, correctPercent: 0, mostChosenWrong: null },
  ],
};

const IN_VIDEO: QuizFigures = {
  itemId: 'i-video',
  on: 'video',
  attempts: 1,
  passRatePercent: 0,
  averageScorePercent: 0,
  questions: [
    {
      questionId: 'q9',
      prompt: 'What did the chart show?',
      answered: 1,
      correctPercent: 0,
      mostChosenWrong: { optionId: 'o9', text: 'Decline', count: 1 },
    },
  ],
};

const base = '/api/v1/courses/c1/items';

describe('per-question figures beside the drop-off', () => {
  it("shows each quiz's attempts, pass rate and average, and per question the share right and the wrong answer most chosen", async () => {
    answerRoutes({
      'GET /api/v1/get-tutors-courses': {
        body: { createdCourses: [{ _id: 'c1', title: 'Typed JavaScript' }] },
      },
      'GET /api/v1/course-analytics/c1': {
        body: {
          courseId: 'c1',
          enrolled: 3,
          items: [
            item('i-video', 'Why types'),
            item('i-article', 'Reading', 'article'),
            item('i-quiz', 'Checkpoint', 'quiz'),
            item('i-plain', 'Generics', 'video'),
          ],
        },
      },
      [`GET ${base}/i-video/quiz/figures`]: { body: IN_VIDEO },
      [`GET ${base}/i-quiz/quiz/figures`]: { body: QUIZ },
      // A video without questions has no quiz: nothing is shown for it.
      [`GET ${base}/i-plain/quiz/figures`]: { status: 404, body: { message: 'This item has no quiz yet' } },
    });
    renderWithProviders(<DropOffReport />, createTestStore({ userId: 'tutor-1', role: 'tutor', token: 't' }));

    const quiz = await screen.findByRole('region', { name: 'Answers to 3. Checkpoint' });
    expect(within(quiz).getByText('Attempts').nextElementSibling?.textContent).toBe('4');
    expect(within(quiz).getByText('Pass rate').nextElementSibling?.textContent).toBe('75%');
    expect(within(quiz).getByText('Average score').nextElementSibling?.textContent).toBe('68%');
    const rows = within(quiz)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['What is 2 + 2?', '50% of 4', '5 (2×)'],
      ['The capital of France?', '100% of 4', '—'],
      ['Which are prime?', 'Not answered yet', '—'],
    ]);

    const video = await screen.findByRole('region', { name: 'Questions in the video 1. Why types' });
    expect(within(video).getByText('Decline (1×)')).toBeTruthy();
    expect(screen.getAllByTestId('quiz-figures')).toHaveLength(2);
    // An article has no quiz to ask about.
    expect(requestedPaths()).not.toContain(`${base}/i-article/quiz/figures`);
    expect(requestedPaths()).toContain(`${base}/i-plain/quiz/figures`);
  });
});
