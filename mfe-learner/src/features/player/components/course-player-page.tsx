import type { LearnCourse } from '@liveedu/api-client';
import { useApiQuery } from '@liveedu/query';
import { useApi } from '@liveedu/session';
import { Button, EmptyState, ErrorState, Loading, media, theme, truncate } from '@liveedu/ui';
import { useState } from 'react';
import { useParams } from 'react-router';
import styled from 'styled-components';
import { ContentList, type Position } from './content-list.tsx';
import { ReviewForm } from './review-form.tsx';
import { VideoView } from './video-view.tsx';

export const TITLE_MAX = 80;
export const DESC_MAX = 1000;

const Frame = styled.div`
  max-width: ${theme.maxWidth};
  margin: 0 auto;
  padding: 1.5rem 1rem 2.5rem;
  h1 { margin: 0 0 1rem; font-size: 1.6rem; word-break: break-word; }
`;

const Layout = styled.div`
  display: grid;
  gap: 1.5rem;
  grid-template-columns: 1fr;
  ${media.lg} { grid-template-columns: minmax(0, 2fr) minmax(280px, 1fr); align-items: start; }
`;

const Lesson = styled.section`
  margin-top: 1rem;
  h2 { margin: 0 0 0.5rem; font-size: 1.25rem; }
  p { white-space: pre-line; word-break: break-word; margin: 0 0 0.5rem; color: ${theme.colors.muted}; }
`;

const Side = styled.div`
  display: grid;
  gap: 1.5rem;
`;

function Description({ text }: { text: string }) {
  const [expanded, setExpanded] = useState(false);
  const long = text.length > DESC_MAX;
  return (
    <>
      <p data-testid="video-description">{expanded || !long ? text : truncate(text, DESC_MAX)}</p>
      {long ? (
        <Button
          type="button"
          $variant="ghost"
          onClick={() => setExpanded((e) => !e)}
          aria-expanded={expanded}
        >
          {expanded ? 'See less' : 'See more'}
        </Button>
      ) : null}
    </>
  );
}

function Player({ course, courseId }: { course: LearnCourse; courseId: string }) {
  const sections = (course.courseContent ?? []).filter((s) => s.length > 0);
  const [position, setPosition] = useState<Position>({ section: 0, item: 0 });
  const item = sections[position.section]?.[position.item];
  return (
    <Frame>
      <h1 title={course.title}>{truncate(course.title, TITLE_MAX)}</h1>
      <Layout>
        <div>
          {item ? (
            <>
              <VideoView link={item.videoLink} title={item.videoTitle} />
              <Lesson aria-labelledby="lesson-title">
                <h2 id="lesson-title">{item.videoTitle}</h2>
                {/* A new lesson starts with its description folded again. */}
                <Description key={`${position.section}-${position.item}`} text={item.videoDesc ?? ''} />
              </Lesson>
            </>
          ) : (
            <EmptyState message="This course has no videos yet." />
          )}
        </div>
        <Side>
          {sections.length ? (
            <ContentList sections={sections} current={position} onSelect={setPosition} />
          ) : null}
          <ReviewForm courseId={courseId} />
        </Side>
      </Layout>
    </Frame>
  );
}

/** /learn/{courseid}/user/{userid}: the course's videos for a student who bought it. */
export function CoursePlayerPage() {
  const api = useApi();
  const { courseid = '', userid = '' } = useParams();
  const course = useApiQuery(['learner', 'course', courseid, userid], (signal) =>
    api.learnCourse(courseid, userid, signal),
  );
  if (course.status === 'loading') return <Loading label="Loading course…" />;
  if (course.status === 'error') {
    return (
      <Frame>
        <ErrorState message={course.error} onRetry={course.reload} />
      </Frame>
    );
  }
  return <Player course={course.data} courseId={courseid} />;
}
