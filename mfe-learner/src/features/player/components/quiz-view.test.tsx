import { requests } from '@liveedu/web-test-kit';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mixedCourse, resumeAt } from '../testing/course.ts';
import { complete, renderPlayer, servePlayer } from '../testing/player-server.tsx';
import { grader, threeQuestions } from '../testing/quiz.ts';

async function openQuiz() {
  return within(await screen.findByRole('region', { name: 'Check yourself' }));
}

describe('a quiz item', () => {
  it('asks each type of question, grades an attempt, lets the learner try again and shows the item completed once passed', async () => {
    const server = servePlayer({
      course: mixedCourse(),
      progress: resumeAt('q1'),
      quizzes: { q1: threeQuestions('q1') },
      grade: grader(),
    });
    renderPlayer();
    const quiz = await openQuiz();
    await quiz.findByText('0 of 2 attempts used, 2 left');
    expect(quiz.getByText('70%')).toBeTruthy();
    const single = quiz.getByRole('group', { name: '1. What is 2 + 2?' });
    expect(within(single).getAllByRole('radio')).toHaveLength(2);
    const multiple = quiz.getByRole('group', { name: '2. Which are prime?' });
    expect(within(multiple).getAllByRole('checkbox')).toHaveLength(3);
    expect(multiple.getAttribute('aria-describedby')).toBeTruthy();

    // A first try: one right of three.
    fireEvent.click(within(single).getByLabelText('3'));
    fireEvent.click(within(multiple).getByLabelText('2'));
    fireEvent.change(quiz.getByLabelText('Your answer'), { target: { value: 'Paris' } });
    fireEvent.click(quiz.getByRole('button', { name: 'Submit answers' }));
    const result = within(await screen.findByTestId('quiz-result'));
    expect(result.getByText(/Score: 33%/).textContent).toContain('Not passed (pass mark 70%)');
    const rows = result.getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      'What is 2 + 2? ✗ WrongTwo and two make four.',
      'Which are prime? ✗ Wrong4 is 2 × 2.',
      'The capital of France? ✓ RightParis.',
    ]);
    expect(document.activeElement).toBe(screen.getByTestId('quiz-result'));
    expect(requests().find((r) => r.method === 'POST')?.body).toEqual({
      answers: [
        { questionId: 'qa', optionIds: ['o1'] },
        { questionId: 'qb', optionIds: ['o3'] },
        { questionId: 'qc', text: 'Paris' },
      ],
    });
    expect(result.getByText('1 attempt left')).toBeTruthy();
    await quiz.findByText('1 of 2 attempts used, 1 left');
    expect(quiz.getByText('33%')).toBeTruthy();

    fireEvent.click(result.getByRole('button', { name: 'Try again' }));
    const again = await openQuiz();
    fireEvent.click(within(again.getByRole('group', { name: /What is 2 \+ 2/ })).getByLabelText('4'));
    const primes = within(again.getByRole('group', { name: /Which are prime/ }));
    fireEvent.click(primes.getByLabelText('2'));
    fireEvent.click(primes.getByLabelText('3'));
    fireEvent.change(again.getByLabelText('Your answer'), { target: { value: ' paris ' } });
    // The catalog completes the item from the pass event, a moment after the attempt.
    const grade = server.grade;
    server.grade = (itemId, answers) => {
      const graded = grade?.(itemId, answers);
      setTimeout(() => complete(server, 'q1', 4), 1000);
      return graded ?? [500, 'No grader'];
    };
    const progressReads = requests().filter((r) => r.path === '/api/v1/progress/c1').length;
    fireEvent.click(again.getByRole('button', { name: 'Submit answers' }));
    expect((await screen.findByText(/Score: 100%/)).textContent).toContain('Passed');
    // The last attempt was used: no other try.
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    const nav = within(screen.getByRole('navigation', { name: 'Course content' }));
    expect(
      await nav.findByRole('button', { name: /completed: Check yourself/ }, { timeout: 8000 }),
    ).toBeTruthy();
    expect(requests().filter((r) => r.path === '/api/v1/progress/c1').length).toBeGreaterThan(progressReads);
  });

  it("shows the server's refusal when no attempt is left", async () => {
    const quiz = threeQuestions('q1');
    quiz.mine = { attempts: 1, attemptsLeft: 1, bestScorePercent: 0, passed: false };
    servePlayer({
      course: mixedCourse(),
      progress: resumeAt('q1'),
      quizzes: { q1: quiz },
      grade: grader({ count: 0 }),
    });
    renderPlayer();
    const view = await openQuiz();
    fireEvent.click(await view.findByRole('button', { name: 'Submit answers' }));
    expect((await view.findByRole('alert')).textContent).toBe('You have used every attempt at this quiz');
  });

  it('says so when every attempt was used', async () => {
    const quiz = threeQuestions('q1');
    quiz.mine = { attempts: 2, attemptsLeft: 0, bestScorePercent: 33, passed: false };
    servePlayer({ course: mixedCourse(), progress: resumeAt('q1'), quizzes: { q1: quiz } });
    renderPlayer();
    const view = await openQuiz();
    expect(await view.findByText('No attempts left at this quiz.')).toBeTruthy();
    expect(view.getByText('2 of 2 attempts used, 0 left')).toBeTruthy();
    expect(view.queryByRole('button', { name: 'Submit answers' })).toBeNull();
  });

  it('says when a quiz has no questions yet', async () => {
    servePlayer({ course: mixedCourse(), progress: resumeAt('q1') });
    renderPlayer();
    const view = await openQuiz();
    expect(await view.findByText('This quiz has no questions yet.')).toBeTruthy();
  });
});
