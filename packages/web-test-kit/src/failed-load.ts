import { fireEvent, screen } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * A page whose load failed says `failure`; once `recover` makes the server answer again, its Try
 * again button loads it and it shows `recovered`.
 */
export async function expectRetryAfterFailure(
  failure: string,
  recover: () => void,
  recovered: string,
): Promise<void> {
  expect(await screen.findByText(failure)).toBeTruthy();
  recover();
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByText(recovered)).toBeTruthy();
}
