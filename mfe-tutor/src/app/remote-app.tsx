import { ErrorState, Loading } from '@liveedu/ui';
import { Suspense } from 'react';
import { TutorOnly } from '../shared/components/tutor-only.tsx';
import { PAGES } from './pages.ts';

/**
 * The one exposed entry: the host (editor routes) or the profile frame (tutor pages under
 * /profile) renders it with the name of the page it wants. Every page is for tutors only.
 */
export default function TutorApp({ page }: { page: string }) {
  const Page = PAGES[page];
  if (!Page) return <ErrorState message={`The tutor area has no page named “${page}”.`} />;
  return (
    <TutorOnly>
      <Suspense fallback={<Loading label="Loading page…" />}>
        <Page />
      </Suspense>
    </TutorOnly>
  );
}
