import { screen, within } from '@testing-library/react';

/** The texts of the cells of the table row that shows `text`, in column order. */
export function rowCells(text: string): (string | null)[] {
  const row = screen.getByText(text).closest('tr') as HTMLElement;
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
}
