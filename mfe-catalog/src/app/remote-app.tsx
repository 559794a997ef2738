import { ErrorState, Loading } from '@liveedu/ui';
import { Suspense } from 'react';
import { PAGES } from './pages.ts';

/** The one exposed entry: the host renders it with the name of the page its route asks for. */
export default function CatalogApp({ page }: { page: string }) {
  const Page = PAGES[page];
  if (!Page) return <ErrorState message={`The catalog has no page named “${page}”.`} />;
  return (
    <Suspense fallback={<Loading label="Loading page…" />}>
      <Page />
    </Suspense>
  );
}

/** Loads a page's chunk ahead of its render: the host does before hydrating a page the server rendered. */
export async function preloadPage(page: string): Promise<void> {
  await PAGES[page]?.preload();
}
