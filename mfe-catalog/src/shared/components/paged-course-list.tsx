import type { CourseCard as CourseCardData } from '@liveedu/api-client';
import type { PagedList } from '@liveedu/query';
import { PagedListEnd } from '@liveedu/ui';
import { CourseList } from './course-section.tsx';
/** A paged grid: the pages loaded so far, more on scrolling to the end (see `usePagedQuery`). */
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
      <PagedListEnd list={list} />
    </>
  );
}
