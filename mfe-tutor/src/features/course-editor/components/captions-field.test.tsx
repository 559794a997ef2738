import { answer, json, renderWithProviders, requests } from '@liveedu/web-test-kit';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CaptionsField } from './captions-field.tsx';

const VTT = 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nNamaste\n';

describe('captions of an uploaded video', () => {
  it('lists its languages and sends a chosen file as the chosen language', async () => {
    answer(() => json({ message: 'Captions saved', captions: ['en', 'hi'] }));
    const onSaved = vi.fn();
    renderWithProviders(<CaptionsField videoId="v1" captions={['en']} onSaved={onSaved} />);
    expect(screen.getByTestId('captions').textContent).toBe('Captions: English');
    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'hi' } });
    fireEvent.change(screen.getByLabelText('Add captions (.vtt)'), {
      target: { files: [new File([VTT], 'lecture.hi.vtt', { type: 'text/vtt' })] },
    });
    expect(await screen.findByText('Hindi captions saved')).toBeTruthy();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(requests().map((r) => [r.method, r.path, r.body])).toEqual([
      ['PUT', '/api/v1/videos/v1/captions/hi', VTT],
    ]);
  });

  it("shows the server's refusal and saves nothing", async () => {
    answer(() => json({ message: 'Captions must be a WebVTT file: its first line is WEBVTT' }, 400));
    const onSaved = vi.fn();
    renderWithProviders(<CaptionsField videoId="v1" captions={[]} onSaved={onSaved} />);
    expect(screen.getByTestId('captions').textContent).toBe('Captions: none yet');
    fireEvent.change(screen.getByLabelText('Add captions (.vtt)'), {
      target: { files: [new File(['1\n00:00:01,000 --> x'], 'a.srt')] },
    });
    expect(await screen.findByText('Captions must be a WebVTT file: its first line is WEBVTT')).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
  });
});
