import { Banner, EmptyState, ErrorState, Loading, Page } from '@liveedu/ui';
import { CategoryTiles } from '../../../shared/components/category-tiles.tsx';
import { useCategories } from '../../../shared/hooks/use-categories.ts';

export function CategoriesPage() {
  const categories = useCategories();
  return (
    <Page>
      <h1>Categories</h1>
      <Banner tone="warning">Many more categories are coming soon. Stay tuned!</Banner>
      {categories.status === 'loading' ? <Loading label="Loading categories…" /> : null}
      {categories.status === 'error' ? (
        <ErrorState message={categories.error} onRetry={categories.reload} />
      ) : null}
      {categories.status === 'ready' ? (
        categories.data.length === 0 ? (
          <EmptyState message="No categories yet." />
        ) : (
          <CategoryTiles categories={categories.data} />
        )
      ) : null}
    </Page>
  );
}
