import { fireEvent, screen } from '@testing-library/react';

/** Types into the fields named by their labels, in the order given: `{ IFSC: 'SBIN0001234' }`. */
export function fillIn(fields: Record<string, string>): void {
  for (const [label, value] of Object.entries(fields)) {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  }
}
