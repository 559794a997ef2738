import { answer, playable, renderWithProviders } from '@liveedu/web-test-kit';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { HlsPlayer, type VideoControl } from './hls-player.tsx';

const VTT = `WEBVTT

00:00:00.500 --> 00:00:02.000
Welcome to the lecture

00:00:02.000 --> 00:00:04.000
Two ideas today
`;
const captions = [
  { lang: 'en', url: '/media/v/r/t/captions/en.vtt' },
  { lang: 'hi', url: '/media/v/r/t/captions/hi.vtt' },
];

describe('the player with captions', () => {
  it('offers each language as subtitles, and a transcript that follows the video and seeks', async () => {
    answer(({ path }) =>
      path.endsWith('en.vtt')
        ? new Response(VTT, { headers: { 'content-type': 'text/vtt' } })
        : new Response('gone', { status: 404 }),
    );
    renderWithProviders(<HlsPlayer src="/media/v/r/t/master.m3u8" title="Lecture 1" captions={captions} />);
    const video = screen.getByTestId('hls-player') as HTMLVideoElement;
    const tracks = [...video.querySelectorAll('track')].map((t) => [
      t.getAttribute('srclang'),
      t.getAttribute('label'),
    ]);
    expect(tracks).toEqual([
      ['en', 'English'],
      ['hi', 'Hindi'],
    ]);

    fireEvent.change(screen.getByLabelText('Transcript language'), { target: { value: 'en' } });
    const transcript = within(await screen.findByRole('list', { name: 'Transcript' }));
    const welcome = transcript.getByRole('button', { name: /Welcome to the lecture/ });
    const ideas = transcript.getByRole('button', { name: /Two ideas today/ });
    video.currentTime = 2.5;
    // The transcript follows the video from the effect after it renders: dispatch until it listens.
    await waitFor(() => {
      fireEvent(video, new Event('timeupdate'));
      expect(ideas.getAttribute('aria-current')).toBe('true');
    });
    expect(welcome.getAttribute('aria-current')).toBeNull();
    fireEvent.click(welcome);
    expect(video.currentTime).toBe(0.5);

    // A language whose file cannot be read says so.
    fireEvent.change(screen.getByLabelText('Transcript language'), { target: { value: 'hi' } });
    expect(await screen.findByText('This transcript could not be loaded.')).toBeTruthy();
  });

  it('shows no transcript control for a video without captions', () => {
    renderWithProviders(<HlsPlayer src="/media/v/r/t/master.m3u8" title="Lecture 2" />);
    expect(screen.queryByLabelText('Transcript language')).toBeNull();
  });
});

describe('what the page around the player may do', () => {
  it('reads and moves the clock, tells it as it plays, and holds the video while asked to', async () => {
    const control = createRef<VideoControl>();
    const times: number[] = [];
    const view = (hold: boolean) => (
      <HlsPlayer
        src="/media/v/r/t/master.m3u8"
        title="Lecture 3"
        control={control}
        onTime={(t) => times.push(t)}
        hold={hold}
        overlay={hold ? <p>Question 1</p> : null}
      />
    );
    const { rerender } = render(view(false));
    const video = playable(screen.getByTestId('hls-player') as HTMLVideoElement, 100).video;
    control.current?.seek(12);
    expect(control.current?.currentTime()).toBe(12);
    fireEvent(video, new Event('timeupdate'));
    expect(times).toEqual([12]);

    control.current?.play();
    await waitFor(() => expect(video.paused).toBe(false));
    rerender(view(true));
    expect(screen.getByText('Question 1')).toBeTruthy();
    await waitFor(() => expect(video.paused).toBe(true));
    // Held: whatever starts it (its own controls, a key) is paused again.
    await video.play();
    expect(video.paused).toBe(true);
    rerender(view(false));
    // Released, it plays on, as it was playing when held.
    await waitFor(() => expect(video.paused).toBe(false));
    expect(screen.queryByText('Question 1')).toBeNull();
  });

  it('shows marks at their share of the video, and a mark that can be chosen is a button', async () => {
    const chosen: number[] = [];
    renderWithProviders(
      <HlsPlayer
        src="/media/v/r/t/master.m3u8"
        title="Lecture 4"
        markers={[
          { atSec: 25, kind: 'question', label: 'Question 1 at 0:25' },
          {
            atSec: 50,
            kind: 'note',
            label: 'Note at 0:50: the second idea',
            onSelect: () => chosen.push(50),
          },
          { atSec: 500, kind: 'note', label: 'Past the end' },
        ]}
      />,
    );
    expect(screen.queryByRole('list', { name: 'Marks on the timeline' })).toBeNull();
    playable(screen.getByTestId('hls-player') as HTMLVideoElement, 100);
    const marks = within(await screen.findByRole('list', { name: 'Marks on the timeline' }));
    const question = marks.getByRole('img', { name: 'Question 1 at 0:25' });
    expect(question.parentElement?.style.left).toBe('calc((100% - 14px) * 0.25)');
    fireEvent.click(marks.getByRole('button', { name: 'Note at 0:50: the second idea' }));
    expect(chosen).toEqual([50]);
    expect(marks.queryByText('Past the end')).toBeNull();
    expect(marks.getAllByRole('listitem')).toHaveLength(2);
  });

  it('keeps its keys to itself: typing in what is shown over it does not play or seek', () => {
    renderWithProviders(
      <HlsPlayer
        src="/media/v/r/t/master.m3u8"
        title="Lecture 5"
        hold
        overlay={<input aria-label="Your answer" />}
      />,
    );
    const video = playable(screen.getByTestId('hls-player') as HTMLVideoElement, 100).video;
    video.currentTime = 10;
    fireEvent.keyDown(screen.getByLabelText('Your answer'), { key: 'ArrowRight' });
    expect(video.currentTime).toBe(10);
    // The player's own keys still work on it.
    fireEvent.keyDown(video.parentElement as HTMLElement, { key: 'ArrowRight' });
    expect(video.currentTime).toBe(15);
  });
});
