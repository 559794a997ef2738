import { type CourseCard, messageOf } from '@liveedu/api-client';
import { useApi, useSession } from '@liveedu/session';
import { toast } from '@liveedu/ui';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/** Buy course opens the course page (where Enroll Now pays); Add to favourite needs a session. */
export function useCourseActions() {
  const api = useApi();
  const navigate = useNavigate();
  const { isLoggedIn } = useSession();
  const onBuy = useCallback((course: CourseCard) => navigate(`/viewCouse/${course._id}`), [navigate]);
  const onAddFavourite = useCallback(
    async (course: CourseCard) => {
      if (!isLoggedIn) {
        navigate('/login');
        return;
      }
      try {
        const res = await api.addToFavourite(course._id);
        toast.success(res.message);
      } catch (error) {
        console.error('Adding to favourites failed', error);
        toast.error(messageOf(error));
      }
    },
    [api, isLoggedIn, navigate],
  );
  return { onBuy, onAddFavourite };
}
