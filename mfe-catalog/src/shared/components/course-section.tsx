import type { CourseCard as CourseCardData } from '@liveedu/api-client';
import type { PagedList, Resource } from '@liveedu/ui';
import { CourseCard, CourseGrid, EmptyState, ErrorState, Loading, LoadMore } from '@liveedu/ui';
import { useCourseActions } from '../hooks/use-course-actions.ts';

/** A grid of public course cards with its loading, error and empty states. */
export function CourseList({
  resource,
  emptyText,
  showRating = true,
  onRetry,
}: {
  resource: Resource<CourseCardData[]>;
  emptyText: string;
  showRating?: boolean;
  onRetry?: () => void;
}) {
  const { onBuy, onAddFavourite } = useCourseActions();
  if (resource.status === 'loading') return <Loading label="Loading courses…" />;
  if (resource.status === 'error') return <ErrorState message={resource.error} onRetry={onRetry} />;
  if (resource.data.length === 0) return <EmptyState message={emptyText} />;
  return (
    <CourseGrid>
      {resource.data.map((course) => (
        <li key={course._id}>
          <CourseCard course={course} showRating={showRating} onBuy={onBuy} onAddFavourite={onAddFavourite} />
        </li>
      ))}
    </CourseGrid>
  );
}

/** A paged grid: the pages loaded so far, more on scrolling to the end (see `usePagedList`). */
export function PagedCourseList({
  list,
  emptyText,
  showRating = true,
}: {
  list: PagedList<CourseCardData> & { loadMore: () => void; reload: () => void };
  emptyText: string;
  showRating?: boolean;
}) {
  if (list.status !== 'ready') {
    return (
      <CourseList
        resource={list.status === 'error' ? { status: 'error', error: list.error } : { status: 'loading' }}
        emptyText={emptyText}
        showRating={showRating}
        onRetry={list.reload}
      />
    );
  }
  return (
    <>
      <CourseList
        resource={{ status: 'ready', data: list.items }}
        emptyText={emptyText}
        showRating={showRating}
      />
      <LoadMore
        shown={list.items.length}
        total={list.total}
        hasMore={list.hasMore}
        loading={list.loadingMore}
        error={list.moreError}
        onLoadMore={list.loadMore}
      />
    </>
  );
}
