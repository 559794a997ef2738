import { answer, renderWithProviders } from '@liveedu/web-test-kit';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HlsPlayer } from './hls-player.tsx';

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
