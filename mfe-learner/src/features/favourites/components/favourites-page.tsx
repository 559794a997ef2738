import { type CourseCard as CourseCardData, messageOf } from '@liveedu/api-client';
import { SHARED_KEYS, useApiMutation, usePagedQuery } from '@liveedu/query';
import { useApi } from '@liveedu/session';
import { Button, EmptyState, PagedCourseGrid, toast } from '@liveedu/ui';
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
      <PagedCourseGrid
        list={favourites}
        loadingLabel="Loading your favourites…"
        empty={<EmptyState message="No Favourite Course" />}
        actions={(course) => (
          <Button
            type="button"
            $variant="danger"
            disabled={removing === course._id}
            onClick={() => remove(course)}
          >
            Remove from favourite
          </Button>
        )}
      />
    </PageSection>
  );
}
