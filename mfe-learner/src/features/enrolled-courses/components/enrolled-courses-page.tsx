import { SHARED_KEYS, usePagedQuery } from '@liveedu/query';
import { useApi, useSession } from '@liveedu/session';
import { ButtonLink, EmptyState, PagedCourseGrid, theme } from '@liveedu/ui';
import styled from 'styled-components';
import { PageSection } from '../../../shared/components/page-section.tsx';

const Progress = styled.div`
  display: grid;
  gap: 0.4rem;
  width: 100%;
  small { color: ${theme.colors.muted}; }
  progress { width: 100%; height: 0.5rem; accent-color: ${theme.colors.primary}; }
`;

/** The courses the user bought, each with how far they got and a way into the player. */
export function EnrolledCoursesPage() {
  const api = useApi();
  const { userId } = useSession();
  const courses = usePagedQuery(SHARED_KEYS.enrolledCourses, (page, signal) =>
    api.enrolledCourses(signal, page).then((r) => ({ ...r, items: r.coursesEnrolled ?? [] })),
  );
  const progressOf = new Map(
    (courses.status === 'ready' ? courses.items : []).map((course) => [course._id, course]),
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
        actions={(course) => {
          const percent = progressOf.get(course._id)?.progress ?? 0;
          const started = progressOf.get(course._id)?.started ?? false;
          return (
            <Progress>
              <progress max={100} value={percent} aria-label={`${course.title}: ${percent}% complete`} />
              <small>{percent}% complete</small>
              <ButtonLink to={`/learn/${course._id}/user/${userId ?? ''}`}>
                {started ? 'Continue' : 'Start Learning'}
              </ButtonLink>
            </Progress>
          );
        }}
      />
    </PageSection>
  );
}
