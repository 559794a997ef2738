import { playable, requests } from '@liveedu/web-test-kit';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mixedCourse } from '../testing/course.ts';
import { renderPlayer, servePlayer } from '../testing/player-server.tsx';
import { grader, threeQuestions } from '../testing/quiz.ts';

/** Leaves the player, as the learner does: it reports where the video stopped. */
async function leave(unmount: () => void) {
  unmount();
  await waitFor(() => expect(requests().some((r) => r.method === 'PUT')).toBe(true));
}

async function player() {
  const video = (await screen.findByTestId('hls-player')) as HTMLVideoElement;
  return playable(video);
}

const question = () => screen.findByRole('dialog', { name: /^Question/ });

describe('questions asked inside a video', () => {
  it('stops at each question, keeps the answers, asks one passed by a seek, and grades them as one attempt', async () => {
    servePlayer({
      course: mixedCourse(),
      quizzes: { v1: threeQuestions('v1', [5, 10, 20]) },
      grade: grader(),
    });
    const { unmount } = renderPlayer();
    const media = await player();
    const marks = within(await screen.findByRole('list', { name: 'Marks on the timeline' }));
    expect(marks.getAllByRole('img').map((m) => m.getAttribute('aria-label'))).toEqual([
      'Question 1 at 0:05',
      'Question 2 at 0:10',
      'Question 3 at 0:20',
    ]);

    await media.video.play();
    media.playTo(4.9);
    expect(screen.queryByRole('dialog')).toBeNull();
    media.playTo(5.1);
    const first = await question();
    expect(first.textContent).toContain('Question 1 of 3');
    await waitFor(() => expect(document.activeElement).toBe(first));
    expect(media.video.paused).toBe(true);
    fireEvent.click(within(first).getByLabelText('4'));
    fireEvent.click(within(first).getByRole('button', { name: 'Answer and continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The video plays on after the question.
    await waitFor(() => expect(media.video.paused).toBe(false));

    // A seek past the second and third questions asks each in turn.
    media.seekTo(25);
    const second = await question();
    expect(second.textContent).toContain('Question 2 of 3');
    fireEvent.click(within(second).getByLabelText('2'));
    fireEvent.click(within(second).getByLabelText('3'));
    fireEvent.click(within(second).getByRole('button', { name: 'Answer and continue' }));
    const third = await screen.findByRole('dialog', { name: /Question 3 of 3/ });
    fireEvent.change(within(third).getByLabelText('Your answer'), { target: { value: 'Paris' } });
    fireEvent.click(within(third).getByRole('button', { name: 'Answer and finish' }));

    const result = await screen.findByTestId('quiz-result');
    expect(result.textContent).toContain("Your answers to this video's questions");
    expect(result.textContent).toContain('Score: 100% — Passed');
    const attempts = requests().filter(
      (r) => r.method === 'POST' && r.path === '/api/v1/quiz/c1/v1/attempts',
    );
    expect(attempts).toHaveLength(1);
    expect(attempts[0]?.body).toEqual({
      answers: [
        { questionId: 'qa', optionIds: ['o2'] },
        { questionId: 'qb', optionIds: ['o3', 'o4'] },
        { questionId: 'qc', text: 'Paris' },
      ],
    });
    await waitFor(() => expect(media.video.paused).toBe(false));
    // Played again, nothing is asked twice.
    media.seekTo(0);
    media.playTo(6);
    expect(screen.queryByRole('dialog')).toBeNull();
    await leave(unmount);
  });

  it('asks what is left when the video ends, sends the answers and offers another try', async () => {
    servePlayer({
      course: mixedCourse(),
      quizzes: { v1: threeQuestions('v1', [5, 10, 20]) },
      grade: grader(),
    });
    renderPlayer();
    const media = await player();
    await screen.findByRole('list', { name: 'Marks on the timeline' });
    media.playTo(6);
    fireEvent.click(within(await question()).getByRole('button', { name: 'Answer and continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    media.end();
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: /Question 2 of 3/ })).getByRole('button', {
        name: 'Answer and continue',
      }),
    );
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: /Question 3 of 3/ })).getByRole('button', {
        name: 'Answer and finish',
      }),
    );
    const result = await screen.findByTestId('quiz-result');
    expect(result.textContent).toContain('Score: 0% — Not passed (pass mark 70%)');
    expect(media.video.paused).toBe(true);
    expect(requests().find((r) => r.method === 'POST')?.body).toEqual({ answers: [] });

    // Another try asks every question again at once: the video is at its end.
    fireEvent.click(within(result).getByRole('button', { name: 'Try again' }));
    expect((await question()).textContent).toContain('Question 1 of 3');
  });

  it('asks nothing once the questions are passed', async () => {
    const passed = threeQuestions('v1', [5, 10, 20]);
    passed.mine = { attempts: 1, attemptsLeft: 1, bestScorePercent: 100, passed: true };
    servePlayer({ course: mixedCourse(), quizzes: { v1: passed } });
    const { unmount } = renderPlayer();
    const media = await player();
    expect((await screen.findByTestId('video-questions-standing')).textContent).toBe(
      "You passed this video's questions (best score 100%).",
    );
    media.playTo(12);
    expect(screen.queryByRole('dialog')).toBeNull();
    await leave(unmount);
  });
});
