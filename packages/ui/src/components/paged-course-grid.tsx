import type { CourseCard as CourseCardData } from '@liveedu/api-client';
import type { PagedList } from '@liveedu/query';
import type { ReactNode } from 'react';
import { CourseCard, CourseGrid, FIRST_ROW_OF_CARDS } from './course-card.tsx';
import { PagedListEnd } from './load-more.tsx';
import { Loading } from './loading.tsx';
import { ErrorState } from './states.tsx';

/**
 * A paged list of course cards as the profile pages show them: loading, an error with a retry,
 * `empty` when there are none, else the cards (each with its `actions`), then `trailing` (an
 * Add tile) and "Showing N of M" with Load more.
 */
export function PagedCourseGrid({
  list,
  loadingLabel,
  empty,
  actions,
  showRating,
  trailing,
  label,
}: {
  list: PagedList<CourseCardData> & { loadMore: () => void; reload: () => void };
  loadingLabel: string;
  empty: ReactNode;
  actions: (course: CourseCardData) => ReactNode;
  showRating?: boolean;
  trailing?: ReactNode;
  label?: string;
}) {
  if (list.status === 'loading') return <Loading label={loadingLabel} />;
  if (list.status === 'error') return <ErrorState message={list.error} onRetry={list.reload} />;
  if (list.items.length === 0 && !trailing) return <>{empty}</>;
  return (
    <>
      <CourseGrid aria-label={label}>
        {list.items.map((course, index) => (
          <li key={course._id}>
            <CourseCard
              course={course}
              showRating={showRating}
              actions={actions(course)}
              priority={index < FIRST_ROW_OF_CARDS}
            />
          </li>
        ))}
        {trailing ? <li>{trailing}</li> : null}
      </CourseGrid>
      <PagedListEnd list={list} />
    </>
  );
}
