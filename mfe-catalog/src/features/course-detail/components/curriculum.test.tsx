import { renderWithProviders } from '@liveedu/web-test-kit';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Curriculum, clockOf, courseSummary, lengthOf } from './curriculum.tsx';

const content = [
  [
    {
      _id: 'i1',
      kind: 'video' as const,
      sectionTitle: 'Basics',
      videoTitle: 'Welcome',
      durationSec: 65,
      preview: true,
      videoLink: 'https://videos.example.com/welcome.mp4',
    },
    { _id: 'i2', kind: 'video' as const, sectionTitle: 'Basics', videoTitle: 'Setting up', durationSec: 600 },
  ],
  [{ _id: 'i3', kind: 'video' as const, sectionTitle: 'Going further', videoTitle: 'A linked talk' }],
];

describe('the curriculum', () => {
  it('writes lengths as a player does, and totals in words', () => {
    expect(clockOf(65)).toBe('1:05');
    expect(clockOf(3725)).toBe('1:02:05');
    expect(lengthOf(20)).toBe('1 min');
    expect(lengthOf(665)).toBe('11 min');
    expect(lengthOf(3600)).toBe('1 h');
    expect(lengthOf(3900)).toBe('1 h 5 min');
    expect(courseSummary(content)).toBe('2 sections · 3 lectures · 11 min');
    expect(courseSummary([[{ _id: 'x', kind: 'video', sectionTitle: 'S', videoTitle: 'Link' }]])).toBe(
      '1 section · 1 lecture',
    );
  });

  it("shows each section's lectures and length, each lecture's length, and plays a free preview", async () => {
    renderWithProviders(<Curriculum content={content} />);
    const first = screen.getByText('Basics').closest('summary')!;
    expect(within(first).getByText('— Welcome', { exact: false })).toBeTruthy();
    expect(within(first).getByText('2 lectures · 11 min')).toBeTruthy();
    const second = screen.getByText('Going further').closest('summary')!;
    expect(within(second).getByText('1 lecture')).toBeTruthy();
    expect(screen.getByText('1:05').getAttribute('datetime')).toBe('PT65S');
    expect(screen.getByText('10:00')).toBeTruthy();
    // Only the item marked as a preview offers one.
    expect(screen.getAllByRole('button', { name: /^Preview/ })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Preview Welcome' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preview: Welcome' });
    const video = await within(dialog).findByLabelText('Welcome');
    expect(video.getAttribute('src')).toBe('https://videos.example.com/welcome.mp4');
  });
});
