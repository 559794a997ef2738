import type { Resource } from '@liveedu/query';
import { ResourceView as SharedResourceView } from '@liveedu/ui';
import type { ReactNode } from 'react';

export const loadingLabel = (what: string) => `Loading ${what}…`;
export const errorText = (what: string) =>
  `${what.charAt(0).toUpperCase()}${what.slice(1)} could not be loaded.`;

/** The dashboard's reads, each labelled by what it reads: "the totals" gives "Loading the totals…". */
export function ResourceView<T>({
  resource,
  what,
  children,
}: {
  resource: Resource<T> & { reload: () => void };
  what: string;
  children: (data: T) => ReactNode;
}) {
  return (
    <SharedResourceView resource={resource} loading={loadingLabel(what)} failed={errorText(what)}>
      {children}
    </SharedResourceView>
  );
}
