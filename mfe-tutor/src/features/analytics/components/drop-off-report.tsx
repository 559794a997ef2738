import { useApiQuery } from '@liveedu/query';
import { useApi } from '@liveedu/session';
import { Chart, CourseOptions, EmptyState, ErrorState, Loading, raisedPanel, theme } from '@liveedu/ui';
import { useState } from 'react';
import styled from 'styled-components';
import { QuizFiguresList } from './quiz-figures.tsx';

const Box = styled.div`
  ${raisedPanel}
  padding: 1rem 1.25rem;
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 1rem;
  label { font-weight: 600; display: flex; gap: 0.5rem; align-items: center; flex-wrap: wrap; min-width: 0; }
  select { max-width: 100%; padding: 0.4rem 0.6rem; border: 1px solid ${theme.colors.border}; border-radius: 8px; }
  figure { min-width: 0; margin: 0; }
  small { color: ${theme.colors.muted}; }
`;

const percent = (share: number) => Math.round(share * 1000) / 10;
const RETENTION_LABELS = Array.from({ length: 20 }, (_, k) => `${k * 5}%`);

/**
 * One course's items: who started and finished each, each uploaded video's retention curve, and
 * how the students answer each item's quiz.
 */
function CourseDropOff({ courseId }: { courseId: string }) {
  const api = useApi();
  const analytics = useApiQuery(['tutor', 'course-analytics', courseId], (signal) =>
    api.courseAnalytics(courseId, signal),
  );
  if (analytics.status === 'loading') return <Loading label="Loading the course's analytics…" />;
  if (analytics.status === 'error')
    return <ErrorState message={analytics.error} onRetry={analytics.reload} />;
  const { items, enrolled } = analytics.data;
  if (enrolled === 0) return <EmptyState message="No student has enrolled in this course yet." />;
  const titles = items.map((item, i) => `${i + 1}. ${item.videoTitle}`);
  const hosted = items.filter((item) => item.retention);
  return (
    <>
      <small>
        {enrolled} student{enrolled === 1 ? '' : 's'} enrolled
      </small>
      <Chart
        type="bar"
        title="Students who started and completed each item (%)"
        categories={titles}
        series={[
          { name: 'Started', data: items.map((item) => percent(item.startedShare)) },
          { name: 'Completed', data: items.map((item) => percent(item.completedShare)) },
        ]}
      />
      {hosted.length > 0 ? (
        <Chart
          type="line"
          title="Viewers still watching, through each uploaded video (%)"
          categories={RETENTION_LABELS}
          series={hosted.map((item) => ({
            name: item.videoTitle,
            data: (item.retention ?? []).map(percent),
          }))}
        />
      ) : null}
      <QuizFiguresList courseId={courseId} items={items} />
    </>
  );
}

/** Per course, where students drop off: the tutor picks one of their courses. */
export function DropOffReport() {
  const api = useApi();
  const courses = useApiQuery(['tutor', 'analytics-courses'], (signal) => api.tutorsCourses(signal));
  const [chosen, setChosen] = useState('');
  if (courses.status === 'loading') return <Loading label="Loading your courses…" />;
  if (courses.status === 'error') return <ErrorState message={courses.error} onRetry={courses.reload} />;
  const list = courses.data.createdCourses ?? [];
  if (list.length === 0) return <EmptyState message="Create a course to see how students move through it." />;
  const courseId = chosen || list[0]!._id;
  return (
    <Box>
      <label>
        Course
        <select value={courseId} onChange={(e) => setChosen(e.target.value)}>
          <CourseOptions courses={list} />
        </select>
      </label>
      <CourseDropOff key={courseId} courseId={courseId} />
    </Box>
  );
}
