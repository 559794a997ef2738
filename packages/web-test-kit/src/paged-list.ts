import { fireEvent, screen } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Reads the next page of a paged list: clicks its 'Load more', expects `row` (a text of that page)
 * to appear and the count under the list to read `count` ('Showing 3 of 3').
 */
export async function expectNextPage(row: string, count: string): Promise<void> {
  fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
  expect(await screen.findByText(row)).toBeTruthy();
  expect(screen.getByText(count)).toBeTruthy();
}
