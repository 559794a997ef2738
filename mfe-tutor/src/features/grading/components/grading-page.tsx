import type { SubmissionStatus } from '@liveedu/api-client';
import { useApiQuery, usePagedQuery } from '@liveedu/query';
import { useApi } from '@liveedu/session';
import { EmptyState, ErrorState, Field, Loading, PagedListEnd, ToggleButtons } from '@liveedu/ui';
import { type ReactNode, useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import { LEARNING_KEYS } from '../../../shared/api/or-none.ts';
import { Panel } from '../../../shared/components/page.tsx';
import { useTutorLearningApi } from '../../../shared/hooks/learning-api.ts';
import { SubmissionCard } from './submission-card.tsx';

const TABS: readonly { id: SubmissionStatus; label: string }[] = [
  { id: 'pending', label: 'To grade' },
  { id: 'graded', label: 'Graded' },
];

/** The links to handed-in files work for ten minutes: the list is read again before they expire. */
const FRESH_LINKS_MS = 9 * 60_000;

const Filters = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: 0 1rem;
  ${Field} { min-width: 0; max-width: 100%; }
  select { max-width: 100%; }
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 1rem;
`;

/**
 * The tutor's hand-ins to grade, oldest first, a page at a time (or those graded), of every
 * course or one; grading one moves it to the Graded tab.
 */
export function GradingPage() {
  const api = useApi();
  const learning = useTutorLearningApi();
  const id = useId();
  const [status, setStatus] = useState<SubmissionStatus>('pending');
  const [courseId, setCourseId] = useState('');
  const courses = useApiQuery(['tutor', 'grading-courses'], (signal) => api.tutorsCourses(signal));
  const list = usePagedQuery([...LEARNING_KEYS.submissions, status, courseId], (page, signal) =>
    learning
      .submissions({ status, courseId, page }, signal)
      .then((r) => ({ items: r.submissions, total: r.total, pages: r.pages })),
  );
  const { reload } = list;
  useEffect(() => {
    const timer = window.setInterval(reload, FRESH_LINKS_MS);
    return () => window.clearInterval(timer);
  }, [reload]);

  let body: ReactNode;
  if (list.status === 'loading') body = <Loading label="Loading the hand-ins…" />;
  else if (list.status === 'error') body = <ErrorState message={list.error} onRetry={list.reload} />;
  else if (list.items.length === 0)
    body = <EmptyState message={status === 'pending' ? 'Nothing to grade' : 'Nothing graded yet'} />;
  else
    body = (
      <>
        <List aria-label={status === 'pending' ? 'Hand-ins to grade' : 'Graded hand-ins'}>
          {list.items.map((submission) => (
            <li key={submission._id}>
              <SubmissionCard submission={submission} />
            </li>
          ))}
        </List>
        <PagedListEnd list={list} />
      </>
    );

  const courseList = courses.status === 'ready' ? (courses.data.createdCourses ?? []) : [];
  return (
    <Panel>
      <h2>Grading</h2>
      <Filters>
        <ToggleButtons label="Hand-ins" options={TABS} active={status} onChange={setStatus} />
        <Field>
          <label htmlFor={`${id}-course`}>Course</label>
          <select id={`${id}-course`} value={courseId} onChange={(e) => setCourseId(e.target.value)}>
            <option value="">All courses</option>
            {courseList.map((course) => (
              <option key={course._id} value={course._id}>
                {course.title}
              </option>
            ))}
          </select>
        </Field>
      </Filters>
      {body}
    </Panel>
  );
}
