import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { resumeAt } from '../testing/course.ts';
import { complete, renderPlayer, servePlayer } from '../testing/player-server.tsx';

const course = {
  title: 'Short course',
  courseContent: [
    [
      {
        _id: 'a1',
        sectionTitle: 'Only',
        videoTitle: 'The one article',
        videoDesc: '',
        videoLink: '',
        kind: 'article',
        body: 'Read this.',
      },
    ],
  ],
};

describe('a completed course', () => {
  it('shows the certificate once the catalog has issued it, after the last item is done', async () => {
    const server = servePlayer({ course, progress: resumeAt('a1') });
    renderPlayer();
    const article = await screen.findByRole('article', { name: 'The one article' });
    expect(screen.queryByText(/You completed this course/)).toBeNull();
    fireEvent.click(within(article).getByRole('button', { name: 'Mark as done' }));
    const banner = await screen.findByText(/You completed this course/);
    expect(banner.textContent).toContain('Issuing your certificate…');
    expect(server.progress.percent).toBe(100);
    // The certificate is issued from the completion event, a moment later.
    setTimeout(() => {
      server.certificates = [
        {
          certificateId: 'cert1',
          courseId: 'c1',
          courseTitle: 'Short course',
          issuedAt: '2026-11-28T10:00:00.000Z',
        },
      ];
    }, 500);
    const link = await screen.findByRole('link', { name: 'View your certificate' }, { timeout: 8000 });
    expect(link.getAttribute('href')).toBe('/certificates/cert1');
    expect(screen.getByRole('link', { name: 'Certificate PDF' }).getAttribute('href')).toBe(
      '/api/v1/certificates/cert1/pdf',
    );
  });

  it('shows it at once for a course completed before', async () => {
    const server = servePlayer({
      course,
      certificates: [
        {
          certificateId: 'cert9',
          courseId: 'c1',
          courseTitle: 'Short course',
          issuedAt: '2026-11-28T10:00:00.000Z',
        },
      ],
    });
    complete(server, 'a1', 1);
    renderPlayer();
    expect((await screen.findByRole('link', { name: 'View your certificate' })).getAttribute('href')).toBe(
      '/certificates/cert9',
    );
  });
});
