import { catchDownloads, playable, requests } from '@liveedu/web-test-kit';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mixedCourse, resumeAt } from '../testing/course.ts';
import { renderPlayer, servePlayer } from '../testing/player-server.tsx';

afterEach(() => vi.restoreAllMocks());

async function notesPanel() {
  return within(await screen.findByRole('region', { name: 'Notes' }));
}

describe('the notes beside the player', () => {
  it('writes a note at the second the writing began, marks it on the timeline, plays from it, edits and deletes it', async () => {
    const server = servePlayer({ course: mixedCourse() });
    const { unmount } = renderPlayer();
    const media = playable((await screen.findByTestId('hls-player')) as HTMLVideoElement, 120);
    const notes = await notesPanel();
    expect(await notes.findByText('No notes on this lesson yet.')).toBeTruthy();
    media.playTo(42.7);
    fireEvent.change(notes.getByLabelText('New note'), { target: { value: 'Recursion' } });
    media.playTo(50);
    fireEvent.change(notes.getByLabelText('New note'), { target: { value: 'Recursion needs a base case' } });
    expect(notes.getByText('At 0:42 in the video')).toBeTruthy();
    fireEvent.click(notes.getByRole('button', { name: 'Add note' }));
    const play = await notes.findByRole('button', { name: 'Play from 0:42' });
    expect(requests().find((r) => r.method === 'POST')?.body).toEqual({
      courseId: 'c1',
      itemId: 'v1',
      atSec: 42,
      text: 'Recursion needs a base case',
    });
    expect((notes.getByLabelText('New note') as HTMLTextAreaElement).value).toBe('');

    const mark = await screen.findByRole('button', { name: 'Note at 0:42: Recursion needs a base case' });
    media.seekTo(3);
    fireEvent.click(mark);
    expect(media.video.currentTime).toBe(42);
    media.seekTo(3);
    fireEvent.click(play);
    expect(media.video.currentTime).toBe(42);
    await waitFor(() => expect(media.video.paused).toBe(false));

    fireEvent.click(notes.getByRole('button', { name: 'Edit the note at 0:42' }));
    fireEvent.change(notes.getByLabelText('Edit the note at 0:42'), {
      target: { value: 'A base case first' },
    });
    fireEvent.click(notes.getByRole('button', { name: 'Save' }));
    expect(await notes.findByText('A base case first')).toBeTruthy();
    expect(requests().find((r) => r.method === 'PUT' && r.path === '/api/v1/notes/n1')?.body).toEqual({
      text: 'A base case first',
    });

    fireEvent.click(notes.getByRole('button', { name: 'Delete the note at 0:42' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete note' }));
    expect(dialog.getByText('Delete the note at 0:42?')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await notes.findByText('No notes on this lesson yet.')).toBeTruthy();
    expect(server.notes).toEqual([]);
    unmount();
    await waitFor(() => expect(requests().some((r) => r.path.startsWith('/api/v1/progress/c1/'))).toBe(true));
  });

  it('writes a note on an article without a time, and exports every note of the course as a file', async () => {
    servePlayer({ course: mixedCourse(), progress: resumeAt('a1') });
    const saved = catchDownloads();
    renderPlayer();
    const notes = await notesPanel();
    await notes.findByText('No notes on this lesson yet.');
    expect(notes.queryByText(/in the video/)).toBeNull();
    fireEvent.change(notes.getByLabelText('New note'), { target: { value: 'Read twice' } });
    fireEvent.click(notes.getByRole('button', { name: 'Add note' }));
    expect(await notes.findByText('Read twice')).toBeTruthy();
    expect(notes.queryByRole('button', { name: /Play from/ })).toBeNull();
    expect(requests().find((r) => r.method === 'POST')?.body).toEqual({
      courseId: 'c1',
      itemId: 'a1',
      text: 'Read twice',
    });

    fireEvent.click(notes.getByRole('button', { name: 'Export notes' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('notes-c1.md');
    expect(await saved[0]?.blob.text()).toBe('- Read twice');
    const exported = requests().find((r) => r.path.startsWith('/api/v1/notes/export'));
    expect(exported?.path).toBe('/api/v1/notes/export?courseId=c1');
    expect(exported?.headers.authorization).toBe('Bearer t1');
  });
});
