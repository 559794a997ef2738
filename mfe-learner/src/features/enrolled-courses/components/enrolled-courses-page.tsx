import { SHARED_KEYS, usePagedQuery } from '@liveedu/query';
import { useApi, useSession } from '@liveedu/session';
import { ButtonLink, EmptyState, PagedCourseGrid } from '@liveedu/ui';
import { PageSection } from '../../../shared/components/page-section.tsx';

/** The courses the user bought, each with Start Learning to the player. */
export function EnrolledCoursesPage() {
  const api = useApi();
  const { userId } = useSession();
  const courses = usePagedQuery(SHARED_KEYS.enrolledCourses, (page, signal) =>
    api.enrolledCourses(signal, page).then((r) => ({ ...r, items: r.coursesEnrolled ?? [] })),
  );
  return (
    <PageSection aria-labelledby="enrolled-heading">
      <h2 id="enrolled-heading">Enrolled Courses</h2>
      <PagedCourseGrid
        list={courses}
        loadingLabel="Loading your courses…"
        empty={
          <EmptyState message="You have not enrolled in any course yet.">
            <ButtonLink to="/courses">See Courses</ButtonLink>
          </EmptyState>
        }
        actions={(course) => (
          <ButtonLink to={`/learn/${course._id}/user/${userId ?? ''}`}>Start Learning</ButtonLink>
        )}
      />
    </PageSection>
  );
}
