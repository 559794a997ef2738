import { requests } from '@liveedu/web-test-kit';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mixedCourse, resumeAt } from '../testing/course.ts';
import { renderPlayer, servePlayer } from '../testing/player-server.tsx';

describe('the kinds of items in the player', () => {
  it('marks each item with its kind, and a locked one cannot be opened and says why', async () => {
    servePlayer({ course: mixedCourse({ locked: ['q1', 's1'] }) });
    renderPlayer();
    const nav = within(await screen.findByRole('navigation', { name: 'Course content' }));
    expect(nav.getByRole('img', { name: 'Video' })).toBeTruthy();
    expect(nav.getByRole('img', { name: 'Article' })).toBeTruthy();
    expect(nav.getByRole('button', { name: /Start/ }).textContent).toContain('2 items');
    fireEvent.click(nav.getByRole('button', { name: /Check/ }));
    expect(nav.getByRole('img', { name: 'Quiz' })).toBeTruthy();
    expect(nav.getByRole('img', { name: 'Assignment' })).toBeTruthy();
    expect(nav.getAllByRole('img', { name: 'Locked' })).toHaveLength(2);

    const quiz = nav.getByRole('button', { name: 'Check yourself' });
    expect(quiz.getAttribute('aria-disabled')).toBe('true');
    expect(quiz.getAttribute('title')).toBe('Finish the previous item first');
    expect(document.getElementById(quiz.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Finish the previous item first',
    );
    fireEvent.click(quiz);
    expect(nav.getByRole('status').textContent).toBe('Finish the previous item first');
    // Still on the first lesson: nothing of the quiz was asked for.
    expect(screen.getByRole('heading', { level: 2, name: 'Welcome' })).toBeTruthy();
    expect(requests().some((r) => r.path.startsWith('/api/v1/quiz/c1/q1'))).toBe(false);
  });

  it('shows an article as Markdown, and marks it done', async () => {
    const server = servePlayer({ course: mixedCourse(), progress: resumeAt('a1') });
    renderPlayer();
    const article = await screen.findByRole('article', { name: 'Reading' });
    expect(within(article).getByRole('heading', { level: 2, name: 'Read me' })).toBeTruthy();
    expect(article.querySelector('strong')?.textContent).toBe('bold');
    expect(document.querySelector('video')).toBeNull();
    fireEvent.click(within(article).getByRole('button', { name: 'Mark as done' }));
    expect(await within(article).findByTestId('item-done')).toBeTruthy();
    const put = requests().find((r) => r.method === 'PUT');
    expect(put?.path).toBe('/api/v1/progress/c1/a1');
    expect(put?.body).toEqual({ completed: true });
    expect(server.progress.items).toEqual([expect.objectContaining({ itemId: 'a1', completed: true })]);
    // The list marks it completed too.
    expect(screen.getByRole('button', { name: /completed: Reading/ })).toBeTruthy();
  });

  it('reads the course again when an item is completed, so the next one opens', async () => {
    const server = servePlayer({ course: mixedCourse({ locked: ['q1', 's1'] }), progress: resumeAt('a1') });
    renderPlayer();
    const article = await screen.findByRole('article', { name: 'Reading' });
    server.course = mixedCourse({ locked: ['s1'] });
    fireEvent.click(within(article).getByRole('button', { name: 'Mark as done' }));
    const nav = within(screen.getByRole('navigation', { name: 'Course content' }));
    fireEvent.click(nav.getByRole('button', { name: /Check/ }));
    await vi.waitFor(() =>
      expect(nav.getByRole('button', { name: 'Check yourself' }).getAttribute('aria-disabled')).toBeNull(),
    );
    expect(nav.getAllByRole('img', { name: 'Locked' })).toHaveLength(1);
  });
});
