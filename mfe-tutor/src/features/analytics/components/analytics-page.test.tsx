import { formatRupees } from '@liveedu/ui';
import { answerRoutes, createTestStore, renderWithProviders } from '@liveedu/web-test-kit';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EarningsReport } from './analytics-page.tsx';

describe("the tutor's earnings report", () => {
  it('names each figure as loading while it loads (an image a screen reader reads), then shows it in rupees', async () => {
    answerRoutes({
      'GET /api/v1/total-income-tutor': { body: { earning: 125_000 } },
      'GET /api/v1/last28Days': { body: { earning: 5_000 } },
      'GET /api/v1/last7Days': { body: { earning: 0 } },
    });
    renderWithProviders(
      <EarningsReport />,
      createTestStore({ userId: 'tutor-1', role: 'tutor', token: 't' }),
    );

    expect(screen.getAllByRole('img', { name: 'Loading' })).toHaveLength(3);
    expect(await screen.findByText(formatRupees(125_000))).toBeTruthy();
    expect(screen.getByText(formatRupees(5_000))).toBeTruthy();
    expect(screen.getByText(formatRupees(0))).toBeTruthy();
    expect(screen.queryAllByRole('img', { name: 'Loading' })).toHaveLength(0);
  });
});
