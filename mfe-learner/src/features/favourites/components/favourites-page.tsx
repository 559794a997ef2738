import { type CourseCard as CourseCardData, messageOf } from '@liveedu/api-client';
import { SHARED_KEYS, useApiMutation, usePagedQuery } from '@liveedu/query';
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
} from '@liveedu/ui';
import { PageSection } from '../../../shared/components/page-section.tsx';

/** The user's favourite courses, each with Remove from favourite. */
export function FavouritesPage() {
  const api = useApi();
  const favourites = usePagedQuery(SHARED_KEYS.favourites, (page, signal) =>
    api.favourites(signal, page).then((r) => ({ ...r, items: r.favourites ?? [] })),
  );
  const removal = useApiMutation((course: CourseCardData) => api.removeFromFavourite(course._id), {
    invalidates: [SHARED_KEYS.favourites],
  });
  const removing = removal.isPending ? removal.variables?._id : null;
  const list = favourites.status === 'ready' ? favourites.items : [];

  const remove = async (course: CourseCardData) => {
    try {
      const res = await removal.mutateAsync(course);
      toast.success(res.message);
    } catch (error) {
      // The spec keeps favourite failures out of sight; the list stays as it was.
      console.error('Removing a favourite failed', messageOf(error));
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
      {favourites.status === 'ready' && list.length > 0 ? <PagedListEnd list={favourites} /> : null}
    </PageSection>
  );
}
