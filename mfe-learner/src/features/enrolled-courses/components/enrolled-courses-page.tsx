import { SHARED_KEYS, usePagedQuery } from '@liveedu/query';
import { useApi, useSession } from '@liveedu/session';
import {
  ButtonLink,
  CourseCard,
  CourseGrid,
  EmptyState,
  ErrorState,
  Loading,
  PagedListEnd,
} from '@liveedu/ui';
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
      {courses.status === 'loading' ? (
        <Loading label="Loading your courses…" />
      ) : courses.status === 'error' ? (
        <ErrorState message={courses.error} onRetry={courses.reload} />
      ) : courses.items.length === 0 ? (
        <EmptyState message="You have not enrolled in any course yet.">
          <ButtonLink to="/courses">See Courses</ButtonLink>
        </EmptyState>
      ) : (
        <>
          <CourseGrid>
            {courses.items.map((course) => (
              <li key={course._id}>
                <CourseCard
                  course={course}
                  actions={
                    <ButtonLink to={`/learn/${course._id}/user/${userId ?? ''}`}>Start Learning</ButtonLink>
                  }
                />
              </li>
            ))}
          </CourseGrid>
          <PagedListEnd list={courses} />
        </>
      )}
    </PageSection>
  );
}
