import { type CourseCard as CourseCardData, messageOf } from '@liveedu/api-client';
import { useApi } from '@liveedu/session';
import {
  Button,
  CourseCard,
  CourseGrid,
  EmptyState,
  ErrorState,
  Loading,
  PagedListEnd,
  toast,
  usePagedList,
} from '@liveedu/ui';
import { useState } from 'react';
import { PageSection } from '../../../shared/components/page-section.tsx';

/** The user's favourite courses, each with Remove from favourite. */
export function FavouritesPage() {
  const api = useApi();
  const favourites = usePagedList(
    'favourites',
    (page, signal) => api.favourites(signal, page).then((r) => ({ ...r, items: r.favourites ?? [] })),
    [api],
  );
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const [removing, setRemoving] = useState<string | null>(null);
  const list = favourites.status === 'ready' ? favourites.items.filter((c) => !removed.has(c._id)) : [];

  const remove = async (course: CourseCardData) => {
    setRemoving(course._id);
    try {
      const res = await api.removeFromFavourite(course._id);
      setRemoved((r) => new Set([...r, course._id]));
      toast.success(res.message);
    } catch (error) {
      // The spec keeps favourite failures out of sight; the list stays as it was.
      console.error('Removing a favourite failed', messageOf(error));
    } finally {
      setRemoving(null);
    }
  };

  return (
    <PageSection aria-labelledby="favourites-heading">
      <h2 id="favourites-heading">Favourites</h2>
      {favourites.status === 'loading' ? (
        <Loading label="Loading your favourites…" />
      ) : favourites.status === 'error' ? (
        <ErrorState message={favourites.error} onRetry={favourites.reload} />
      ) : list.length === 0 ? (
        <EmptyState message="No Favourite Course" />
      ) : (
        <CourseGrid>
          {list.map((course) => (
            <li key={course._id}>
              <CourseCard
                course={course}
                actions={
                  <Button
                    type="button"
                    $variant="danger"
                    disabled={removing === course._id}
                    onClick={() => remove(course)}
                  >
                    Remove from favourite
                  </Button>
                }
              />
            </li>
          ))}
        </CourseGrid>
      )}
      {favourites.status === 'ready' && list.length > 0 ? (
        <PagedListEnd list={favourites} removed={removed.size} />
      ) : null}
    </PageSection>
  );
}
