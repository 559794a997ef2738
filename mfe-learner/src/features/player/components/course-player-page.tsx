import type { CourseProgress, LearnCourse, WatchReport } from '@liveedu/api-client';
import { SHARED_KEYS, useApiMutation, useApiQuery } from '@liveedu/query';
import { useApi } from '@liveedu/session';
import { Button, EmptyState, ErrorState, Loading, media, theme, truncate } from '@liveedu/ui';
import { HostedVideo, VideoView } from '@liveedu/video';
import { useCallback, useState } from 'react';
import { useParams } from 'react-router';
import styled from 'styled-components';
import { ContentList, type Position } from './content-list.tsx';
import { ReviewForm } from './review-form.tsx';

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

const Done = styled.div`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  margin-top: 0.75rem;
  color: ${theme.colors.muted};
`;

/** Where "Continue" opens the player: the item last watched, at its second. */
function resumeOf(
  sections: LearnCourse['courseContent'],
  progress?: CourseProgress,
): Position & { at: number } {
  const itemId = progress?.resume?.itemId;
  for (let s = 0; s < sections.length; s += 1) {
    const i = sections[s]!.findIndex((item) => item._id === itemId);
    if (i >= 0) return { section: s, item: i, at: progress?.resume?.positionSec ?? 0 };
  }
  return { section: 0, item: 0, at: 0 };
}

function Player({
  course,
  courseId,
  progress,
}: {
  course: LearnCourse;
  courseId: string;
  progress?: CourseProgress;
}) {
  const api = useApi();
  const sections = (course.courseContent ?? []).filter((s) => s.length > 0);
  const [start] = useState(() => resumeOf(sections, progress));
  const [position, setPosition] = useState<Position>({ section: start.section, item: start.item });
  const item = sections[position.section]?.[position.item];
  const progressKey = ['learner', 'progress', courseId];
  const report = useApiMutation(
    ({ itemId, body }: { itemId: string; body: WatchReport }) => api.reportProgress(courseId, itemId, body),
    { invalidates: [SHARED_KEYS.enrolledCourses], answers: progressKey },
  );
  const { mutate } = report;
  const itemId = item?._id;
  const onReport = useCallback(
    (body: WatchReport) => {
      if (itemId) mutate({ itemId, body });
    },
    [mutate, itemId],
  );
  const completed = new Set(
    (report.data ?? progress)?.items?.filter((i) => i.completed).map((i) => i.itemId) ?? [],
  );
  const startAt = item && start.section === position.section && start.item === position.item ? start.at : 0;
  return (
    <Frame>
      <h1 title={course.title}>{truncate(course.title, TITLE_MAX)}</h1>
      <Layout>
        <div>
          {item ? (
            <>
              <VideoView
                link={item.videoLink}
                title={item.videoTitle}
                hosted={
                  item.videoId ? (
                    <HostedVideo
                      videoId={item.videoId}
                      title={item.videoTitle}
                      startAt={startAt}
                      onReport={onReport}
                    />
                  ) : undefined
                }
              />
              {!item.videoId ? (
                <Done>
                  {completed.has(item._id) ? (
                    <span data-testid="item-done">✓ Done</span>
                  ) : (
                    <Button
                      type="button"
                      $variant="ghost"
                      disabled={report.isPending}
                      onClick={() => mutate({ itemId: item._id, body: { completed: true } })}
                    >
                      Mark as done
                    </Button>
                  )}
                </Done>
              ) : null}
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
            <ContentList
              sections={sections}
              current={position}
              onSelect={setPosition}
              completed={completed}
            />
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
  const progress = useApiQuery(['learner', 'progress', courseid], (signal) => api.progress(courseid, signal));
  if (course.status === 'loading' || progress.status === 'loading')
    return <Loading label="Loading course…" />;
  if (course.status === 'error') {
    return (
      <Frame>
        <ErrorState message={course.error} onRetry={course.reload} />
      </Frame>
    );
  }
  // Without its progress (a failed read) the course still plays, from the start.
  return <Player course={course.data} courseId={courseid} progress={progress.data} />;
}
