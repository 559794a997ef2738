import { usePagedQuery } from '@liveedu/query';
import { useApi } from '@liveedu/session';
import { ErrorState, flatPanel, Loading, Page, ResponsiveImage, truncate } from '@liveedu/ui';
import { useParams } from 'react-router';
import styled from 'styled-components';
import { Section } from '../../../shared/components/page.tsx';
import { PagedCourseList } from '../../../shared/components/paged-course-list.tsx';

const Header = styled.header`
  display: flex;
  gap: 1.25rem;
  align-items: center;
  flex-wrap: wrap;
  img { width: 112px; height: 112px; border-radius: 50%; object-fit: cover; background: #e5e7eb; }
  h1 { margin: 0; }
`;

const About = styled.section`
  margin-top: 1.5rem;
  ${flatPanel}
  padding: 1.25rem;
  p { white-space: pre-line; margin: 0; }
`;

export function InstructorPage() {
  const api = useApi();
  const { username = '' } = useParams();
  // One read serves both: the profile is the first page's user, the courses are paged.
  const courses = usePagedQuery(['catalog', 'instructor', username], (page, signal) =>
    api.viewUser(username, signal, page).then((r) => ({ ...r, items: r.user.coursesCreated ?? [] })),
  );
  if (courses.status === 'loading') return <Loading label="Loading profile…" />;
  if (courses.status === 'error' || !courses.firstPage)
    return (
      <Page>
        <ErrorState message={courses.error ?? ''} onRetry={courses.reload} />
      </Page>
    );
  const user = courses.firstPage.user;
  return (
    <Page>
      <Header>
        <ResponsiveImage src={user.avatar} alt={`Avatar of ${user.username}`} sizes="112px" priority />
        <h1>{user.username}</h1>
      </Header>
      <About aria-labelledby="about-heading">
        <h2 id="about-heading">About me</h2>
        <p>{user.desc ? truncate(user.desc, 700) : 'No description yet.'}</p>
      </About>
      <Section aria-labelledby="my-courses">
        <h2 id="my-courses">My courses</h2>
        <PagedCourseList list={courses} emptyText="No courses published yet." />
      </Section>
    </Page>
  );
}
