import { answer, json, renderRoutes } from '@liveedu/web-test-kit';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CertificatePage } from './certificate-page.tsx';

const ID = '0123456789abcdef0123456789abcdef';
const certificate = {
  certificateId: ID,
  studentName: 'Asha Rao',
  courseTitle: 'Ledgers in Depth',
  tutorName: 'meera',
  issuedAt: '2026-11-02T06:30:00.000Z',
  hours: 1.5,
  revoked: false,
};

const renderPage = () =>
  renderRoutes([{ path: '/certificates/:certificateId', Component: CertificatePage }], `/certificates/${ID}`);

describe('a certificate checked by anyone', () => {
  it('says it is verified, naming the student and the course', async () => {
    answer(() => json(certificate));
    renderPage();
    expect(await screen.findByText('✓ Verified by LiveEdu')).toBeTruthy();
    expect(screen.getByTestId('certificate-student').textContent).toBe('Asha Rao');
    expect(screen.queryByTestId('certificate-revoked')).toBeNull();
  });

  it('says "Revoked" and when, in India\'s calendar, once the course was refunded', async () => {
    answer(() => json({ ...certificate, revoked: true, revokedAt: '2026-11-30T20:00:00.000Z' }));
    renderPage();
    const revoked = await screen.findByTestId('certificate-revoked');
    expect(revoked.textContent).toBe('✗ Revoked on 1 December 2026: the course was refunded');
    expect(screen.queryByText('✓ Verified by LiveEdu')).toBeNull();
    expect(screen.getByTestId('certificate-course').textContent).toBe('Ledgers in Depth');
  });
});
