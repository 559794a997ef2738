import type { SubmissionStatus } from '@liveedu/api-client';
import { usePagedQuery } from '@liveedu/query';
import { gridList, PagedItemList, ToggleButtons } from '@liveedu/ui';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { LEARNING_KEYS } from '../../../shared/api/or-none.ts';
import { CourseFilter } from '../../../shared/components/course-filter.tsx';
import { Panel } from '../../../shared/components/page.tsx';
import { useTutorLearningApi } from '../../../shared/hooks/learning-api.ts';
import { SubmissionCard } from './submission-card.tsx';

const TABS: readonly { id: SubmissionStatus; label: string }[] = [
  { id: 'pending', label: 'To grade' },
  { id: 'graded', label: 'Graded' },
];

/** The links to handed-in files work for ten minutes: the list is read again before they expire. */
const FRESH_LINKS_MS = 9 * 60_000;

const List = styled.ul`
  ${gridList({})}
`;

/**
 * The tutor's hand-ins to grade, oldest first, a page at a time (or those graded), of every
 * course or one; grading one moves it to the Graded tab.
 */
export function GradingPage() {
  const learning = useTutorLearningApi();
  const [status, setStatus] = useState<SubmissionStatus>('pending');
  const [courseId, setCourseId] = useState('');
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

  return (
    <Panel>
      <h2>Grading</h2>
      <CourseFilter courseId={courseId} onChange={setCourseId}>
        <ToggleButtons label="Hand-ins" options={TABS} active={status} onChange={setStatus} />
      </CourseFilter>
      <PagedItemList
        list={list}
        loadingLabel="Loading the hand-ins…"
        emptyMessage={status === 'pending' ? 'Nothing to grade' : 'Nothing graded yet'}
        listAs={List}
        label={status === 'pending' ? 'Hand-ins to grade' : 'Graded hand-ins'}
        renderItem={(submission) => <SubmissionCard submission={submission} />}
      />
    </Panel>
  );
}
