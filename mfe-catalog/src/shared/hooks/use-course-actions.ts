import { type CourseCard, messageOf } from '@liveedu/api-client';
import { SHARED_KEYS, useApiMutation } from '@liveedu/query';
import { useApi, useSession } from '@liveedu/session';
import { toast } from '@liveedu/ui';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/** Buy course opens the course page (where Enroll Now pays); Add to favourite needs a session. */
export function useCourseActions() {
  const api = useApi();
  const navigate = useNavigate();
  const { isLoggedIn } = useSession();
  const { mutateAsync: addToFavourite } = useApiMutation(
    (course: CourseCard) => api.addToFavourite(course._id),
    {
      invalidates: [SHARED_KEYS.favourites],
    },
  );
  const onBuy = useCallback((course: CourseCard) => navigate(`/viewCouse/${course._id}`), [navigate]);
  const onAddFavourite = useCallback(
    async (course: CourseCard) => {
      if (!isLoggedIn) {
        navigate('/login');
        return;
      }
      try {
        const res = await addToFavourite(course);
        toast.success(res.message);
      } catch (error) {
        console.error('Adding to favourites failed', error);
        toast.error(messageOf(error));
      }
    },
    [addToFavourite, isLoggedIn, navigate],
  );
  return { onBuy, onAddFavourite };
}
