import { useApi } from '@liveedu/session';
import { useResource } from '@liveedu/ui';
import { useParams } from 'react-router';
import { CourseList } from '../../../shared/components/course-section.tsx';
import { Page } from '../../../shared/components/page.tsx';

export function CategoryCoursesPage() {
  const api = useApi();
  const { cat = '' } = useParams();
  const courses = useResource(
    (signal) => api.coursesByCategory(cat, signal).then((r) => r.courses?.courses ?? []),
    [api, cat],
  );
  return (
    <Page>
      <h1>Courses related to {cat}</h1>
      <CourseList
        resource={courses}
        showRating={false}
        emptyText="No courses in this category yet."
        onRetry={courses.reload}
      />
    </Page>
  );
}
