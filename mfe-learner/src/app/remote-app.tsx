import { ErrorState, Loading } from '@liveedu/ui';
import { Suspense } from 'react';
import { PAGES } from './pages.ts';

/** The one exposed entry: the host renders it with the name of the page its route asks for. */
export default function LearnerApp({ page }: { page: string }) {
  const Page = PAGES[page];
  if (!Page) return <ErrorState message={`The learner area has no page named “${page}”.`} />;
  return (
    <Suspense fallback={<Loading label="Loading page…" />}>
      <Page />
    </Suspense>
  );
}
