import { useApiQuery } from '@liveedu/query';
import { useApi } from '@liveedu/session';
import { CourseOptions, Field } from '@liveedu/ui';
import { type ReactNode, useId } from 'react';
import styled from 'styled-components';

const Filters = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: 0 1rem;
  ${Field} { min-width: 0; max-width: 100%; }
  select { max-width: 100%; }
`;

/**
 * The filters above a list of the tutor's courses' hand-ins or questions: the list's own tabs
 * (`children`), and a choice of one of the tutor's courses or all ('').
 */
export function CourseFilter({
  courseId,
  onChange,
  children,
}: {
  courseId: string;
  onChange: (courseId: string) => void;
  children: ReactNode;
}) {
  const api = useApi();
  const id = useId();
  const courses = useApiQuery(['tutor', 'filter-courses'], (signal) => api.tutorsCourses(signal));
  const courseList = courses.status === 'ready' ? (courses.data.createdCourses ?? []) : [];
  return (
    <Filters>
      {children}
      <Field>
        <label htmlFor={`${id}-course`}>Course</label>
        <select id={`${id}-course`} value={courseId} onChange={(e) => onChange(e.target.value)}>
          <option value="">All courses</option>
          <CourseOptions courses={courseList} />
        </select>
      </Field>
    </Filters>
  );
}
