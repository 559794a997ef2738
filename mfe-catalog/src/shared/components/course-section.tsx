import type { CourseCard as CourseCardData } from '@liveedu/api-client';
import type { Resource } from '@liveedu/query';
import { CourseCard, CourseGrid, EmptyState, ErrorState, FIRST_ROW_OF_CARDS, Loading } from '@liveedu/ui';
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
      {resource.data.map((course, index) => (
        <li key={course._id}>
          <CourseCard
            course={course}
            showRating={showRating}
            onBuy={onBuy}
            onAddFavourite={onAddFavourite}
            priority={index < FIRST_ROW_OF_CARDS}
          />
        </li>
      ))}
    </CourseGrid>
  );
}
