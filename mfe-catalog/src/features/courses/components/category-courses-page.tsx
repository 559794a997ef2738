import { usePagedQuery } from '@liveedu/query';
import { useApi } from '@liveedu/session';
import { Page } from '@liveedu/ui';
import { useParams } from 'react-router';
import { ListControls, useListBrowse } from '../../../shared/components/list-controls.tsx';
import { PagedCourseList } from '../../../shared/components/paged-course-list.tsx';

export function CategoryCoursesPage() {
  const api = useApi();
  const { cat = '' } = useParams();
  const list = useListBrowse();
  const courses = usePagedQuery(['catalog', 'category', cat, list.key], (page, signal) =>
    api
      .coursesByCategory(cat, signal, page, list.browse)
      .then((r) => ({ ...r, items: r.courses?.courses ?? [] })),
  );
  return (
    <Page>
      <h1>Courses related to {cat}</h1>
      <ListControls list={list} facets={courses.firstPage?.facets} />
      <PagedCourseList list={courses} showRating={false} emptyText="No courses in this category yet." />
    </Page>
  );
}
