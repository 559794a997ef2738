import type { CourseCard as CourseCardData } from '@liveedu/api-client';
import { SHARED_KEYS, useApiMutation, usePagedQuery } from '@liveedu/query';
import { useApi } from '@liveedu/session';
import { Button, ButtonLink, ConfirmDialog, PagedCourseGrid, theme } from '@liveedu/ui';
import { useState } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { Panel } from '../../../shared/components/page.tsx';

const AddTile = styled(Link)`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 0.5rem;
  height: 100%;
  min-height: 260px;
  border: 2px dashed ${theme.colors.primary};
  border-radius: ${theme.radius};
  background: ${theme.colors.surface};
  color: ${theme.colors.primary};
  font-weight: 700;
  font-size: 1.1rem;
  text-decoration: none;
  span[aria-hidden] { font-size: 2.5rem; line-height: 1; }
  &:hover { background: #eef2ff; }
`;

/** The tutor's own courses, each with Update and Delete, and the Add Course tile. */
export function MyCoursesPage() {
  const api = useApi();
  const courses = usePagedQuery(SHARED_KEYS.tutorCourses, (page, signal) =>
    api.tutorsCourses(signal, page).then((r) => ({ ...r, items: r.createdCourses ?? [] })),
  );
  const [toDelete, setToDelete] = useState<CourseCardData | null>(null);
  const deletion = useApiMutation((course: CourseCardData) => api.deleteCourse(course._id, course.category), {
    invalidates: [SHARED_KEYS.tutorCourses, SHARED_KEYS.catalog],
  });
  const deleting = deletion.isPending;

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deletion.mutateAsync(toDelete);
    } catch (error) {
      // The spec keeps delete failures out of sight (logged only); the course stays in the grid.
      console.error('The course could not be deleted', error);
    } finally {
      setToDelete(null);
    }
  };

  return (
    <Panel>
      <h2>My Courses</h2>
      <PagedCourseGrid
        list={courses}
        label="My courses"
        loadingLabel="Loading your courses…"
        empty={null}
        showRating={false}
        actions={(course) => (
          <>
            <ButtonLink to={`/update-a-course/${course._id}`} $variant="secondary">
              Update
            </ButtonLink>
            <Button type="button" $variant="danger" onClick={() => setToDelete(course)}>
              Delete
            </Button>
          </>
        )}
        trailing={
          <AddTile to="/create-a-new-course">
            <span aria-hidden="true">+</span>
            Add Course
          </AddTile>
        }
      />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete course"
        message="Are you sure ? You want to delete this course ?"
        confirmLabel="Yes, delete"
        busy={deleting}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </Panel>
  );
}
