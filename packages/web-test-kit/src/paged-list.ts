import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { requestedPaths } from './api-server.ts';

/**
 * Reads the next page of a paged list: clicks its 'Load more', expects `row` (a text of that page)
 * to appear and the count under the list to read `count` ('Showing 3 of 3').
 */
export async function expectNextPage(row: string, count: string): Promise<void> {
  fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
  expect(await screen.findByText(row)).toBeTruthy();
  expect(screen.getByText(count)).toBeTruthy();
}

/**
 * Chooses the filter `name` of a paged list the server filters: the rows outside it (`gone`)
 * leave, `kept` stays, and the count under the list reads `count` ('Showing 1 of 1').
 */
export async function expectFiltered(
  name: string,
  { gone, kept, count }: { gone: string[]; kept: string; count: string },
): Promise<void> {
  fireEvent.click(screen.getByRole('button', { name }));
  await waitFor(() => {
    for (const row of gone) expect(screen.queryByText(row)).toBeNull();
  });
  expect(screen.getByText(kept)).toBeTruthy();
  expect(screen.getByText(count)).toBeTruthy();
}

/**
 * Clears a paged list's filters: the rows read before (`rows`) are back from the cache, and the
 * server has been asked for `paths` in all, nothing again.
 */
export async function expectFiltersCleared(rows: string[], paths: string[]): Promise<void> {
  fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
  for (const row of rows) expect(await screen.findByText(row)).toBeTruthy();
  expect(requestedPaths()).toEqual(paths);
}
