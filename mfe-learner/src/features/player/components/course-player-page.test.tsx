import type { CourseProgress } from '@liveedu/api-client';
import { formatLiveTime } from '@liveedu/ui';
import { answer, json, requests } from '@liveedu/web-test-kit';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyProgress, renderPlayer, servePlayer } from '../testing/player-server.tsx';

const longDesc = `${'A'.repeat(1000)}TAIL`;
const course = {
  title: `${'T'.repeat(80)}-cut`,
  courseContent: [
    [
      {
        sectionTitle: 'Basics',
        _id: 'i1',
        videoTitle: 'Intro',
        videoDesc: longDesc,
        videoLink: 'https://v.example/1.mp4',
      },
    ],
    [
      {
        sectionTitle: 'Advanced',
        _id: 'i2',
        videoTitle: 'Deep',
        videoDesc: 'Short',
        videoLink: 'https://v.example/2.mp4',
      },
      {
        sectionTitle: 'Advanced',
        _id: 'i3',
        videoTitle: 'Embedded',
        videoDesc: '',
        videoLink: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      },
    ],
  ],
};

/** The course for the player's read, and progress (none yet, or `progress`) for its other one. */
function answerCourse(progress: CourseProgress = emptyProgress()) {
  servePlayer({ course, progress });
}

const renderPage = renderPlayer;

afterEach(() => vi.unstubAllGlobals());

describe('course player', () => {
  it('cuts the title to 80 and the description to 1000 with See more / See less', async () => {
    answerCourse();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'T'.repeat(80) })).toBeTruthy();
    const desc = screen.getByTestId('video-description');
    expect(desc.textContent).toBe('A'.repeat(1000));
    fireEvent.click(screen.getByRole('button', { name: 'See more' }));
    expect(desc.textContent).toBe(longDesc);
    fireEvent.click(screen.getByRole('button', { name: 'See less' }));
    expect(desc.textContent).toBe('A'.repeat(1000));
    const video = document.querySelector('video');
    expect(video?.getAttribute('src')).toBe('https://v.example/1.mp4');
    expect(video?.getAttribute('controlslist')).toContain('nodownload');
    expect(requests().map((r) => r.path)).toContain('/api/v1/learn-course/c1/user/u1');
  });

  it('opens a section and plays its video; a YouTube link is embedded', async () => {
    answerCourse();
    renderPage();
    const advanced = await screen.findByRole('button', { name: /Advanced/ });
    expect(advanced.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(advanced);
    fireEvent.click(screen.getByRole('button', { name: 'Deep' }));
    expect(document.querySelector('video')?.getAttribute('src')).toBe('https://v.example/2.mp4');
    expect(screen.queryByRole('button', { name: 'See more' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Embedded' }));
    expect(document.querySelector('video')).toBeNull();
    expect(document.querySelector('iframe')?.getAttribute('src')).toContain('/embed/dQw4w9WgXcQ');
  });

  it("asks for both fields of the review ('All fields are required') and sends rating and review", async () => {
    answerCourse();
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Submit review' }));
    expect(await screen.findByText('All fields are required')).toBeTruthy();
    fireEvent.click(screen.getByLabelText(/4 stars/));
    fireEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    expect(await screen.findByText('All fields are required')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Review'), { target: { value: 'Very clear' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    expect(await screen.findByText('Review added successfully')).toBeTruthy();
    const post = requests().find((r) => r.method === 'POST' && r.path.includes('review'));
    expect(post?.path).toBe('/api/v1/create-review/c1');
    expect(post?.body).toEqual({ rating: 4, review: 'Very clear' });
  });

  it("shows the server's message in an alert when the course cannot be loaded", async () => {
    answer(() => json({ message: 'Please buy this course to start learning' }, 403));
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Please buy this course to start learning',
    );
  });

  it('opens where the student left off, marks what they completed and lets them mark a link done', async () => {
    answerCourse({
      percent: 33,
      completedItems: 1,
      resume: { itemId: 'i2', positionSec: 12 },
      items: [
        { itemId: 'i1', positionSec: 0, completed: true },
        { itemId: 'i2', positionSec: 12, completed: false },
        { itemId: 'i3', positionSec: 0, completed: false },
      ],
    });
    renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: 'Deep' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Basics/ }));
    expect(screen.getByRole('button', { name: /completed: Intro/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mark as done' }));
    // The short form: an item without a hosted video has no duration to invent.
    await vi.waitFor(() => {
      const put = requests().find((r) => r.method === 'PUT');
      expect(put?.path).toBe('/api/v1/progress/c1/i2');
      expect(put?.body).toEqual({ completed: true });
    });
  });

  it('says Live now with Join while a live class of the course is on, and when the next one starts otherwise', async () => {
    const state = servePlayer({ course, live: { live: true, sessionId: 's1', nextStartsAt: null } });
    const first = renderPage();
    expect(await screen.findByText('Live now')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Join' }).getAttribute('href')).toBe('/live/s1');
    first.unmount();

    const next = new Date(Date.now() + 3 * 24 * 60 * 60_000).toISOString();
    state.live = { live: false, sessionId: 's2', nextStartsAt: next };
    renderPage();
    expect(await screen.findByText(formatLiveTime(next))).toBeTruthy();
    expect(screen.getByText(/Next live class:/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Join' })).toBeNull();
  });
});
