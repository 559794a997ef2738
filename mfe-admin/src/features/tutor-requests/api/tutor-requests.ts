import type { PageStatus } from '@liveedu/api-client';

export type Decision = 'in progress' | 'accept' | 'reject';

/** The dropdown: 'Select status' is the in-progress choice. */
export const DECISION_OPTIONS: { value: Decision; label: string }[] = [
  { value: 'in progress', label: 'Select status' },
  { value: 'accept', label: 'Accept' },
  { value: 'reject', label: 'Reject' },
];

/** Accepted, Rejected or In Progress. */
export function statusLabel(status: PageStatus | string | undefined): string {
  if (status === 'accept') return 'Accepted';
  if (status === 'reject') return 'Rejected';
  return 'In Progress';
}
