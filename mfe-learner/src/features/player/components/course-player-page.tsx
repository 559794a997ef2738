import type { CourseProgress, LearnCourse, WatchReport } from '@liveedu/api-client';
import { SHARED_KEYS, useApiMutation, useApiQuery } from '@liveedu/query';
import { useApi } from '@liveedu/session';
import {
  Banner,
  Button,
  EmptyState,
  ErrorState,
  LiveClassBadge,
  Loading,
  media,
  theme,
  truncate,
} from '@liveedu/ui';
import type { VideoControl, VideoMarker } from '@liveedu/video';
import { type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import styled from 'styled-components';
import { pageColumn } from '../../../shared/page-column.ts';
import { kindOf, LOCKED_MESSAGE, type PlayerItem } from '../api/items.ts';
import { playerKeys } from '../api/keys.ts';
import { type PlayerLink, playerLinkOf } from '../api/player-link.ts';
import { usePoll } from '../hooks/use-poll.ts';
import { CompletionPanel } from './completion-panel.tsx';
import { ContentList, type Position } from './content-list.tsx';
import type { ConversationLink } from './course-conversation.tsx';
import { ArticleView, AssignmentView, CourseConversation, NotesPanel, QuizView } from './lazy-views.ts';
import { ReviewForm } from './review-form.tsx';
import { VideoLesson } from './video-lesson.tsx';

export const TITLE_MAX = 80;
export const DESC_MAX = 1000;

const Frame = styled.div`
  ${pageColumn}
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
function resumeOf(sections: PlayerItem[][], progress?: CourseProgress): Position & { at: number } {
  const itemId = progress?.resume?.itemId;
  for (let s = 0; s < sections.length; s += 1) {
    const i = sections[s]!.findIndex((item) => item._id === itemId && !item.locked);
    if (i >= 0) return { section: s, item: i, at: progress?.resume?.positionSec ?? 0 };
  }
  return { section: 0, item: 0, at: 0 };
}

/** Where a link opens the player (`?item=…&t=…`): that item at that second, when the learner may open it. */
function linkedStart(sections: PlayerItem[][], link: PlayerLink): (Position & { at: number }) | null {
  if (!link.itemId) return null;
  for (let s = 0; s < sections.length; s += 1) {
    const i = sections[s]!.findIndex((item) => item._id === link.itemId && !item.locked);
    if (i >= 0) return { section: s, item: i, at: link.atSec ?? 0 };
  }
  return null;
}

/** A lazily loaded view, with a spinner while its code arrives. */
function Later({ label, children }: { label: string; children: ReactNode }) {
  return <Suspense fallback={<Loading label={label} />}>{children}</Suspense>;
}

function Player({
  course,
  courseId,
  reloadCourse,
}: {
  course: LearnCourse;
  courseId: string;
  /** Reads the course again: which items are locked changes as the learner completes them. */
  reloadCourse: () => void;
}) {
  const api = useApi();
  const progressKey = playerKeys.progress(courseId);
  const progress = useApiQuery(progressKey, (signal) => api.progress(courseId, signal));
  const sections = (course.courseContent ?? []).filter((s) => s.length > 0);
  // A notification's link (`?item=&t=&question=`, `?tab=announcements`) opens the player there.
  const [search] = useSearchParams();
  const searchText = search.toString();
  const [link, setLink] = useState(() => ({ ...playerLinkOf(search), nonce: 0 }));
  const [start, setStart] = useState(() => linkedStart(sections, link) ?? resumeOf(sections, progress.data));
  const [position, setPosition] = useState<Position>({ section: start.section, item: start.item });
  const linkSeen = useRef(searchText);
  useEffect(() => {
    if (linkSeen.current === searchText) return;
    linkSeen.current = searchText;
    const next = playerLinkOf(new URLSearchParams(searchText));
    setLink((previous) => ({ ...next, nonce: previous.nonce + 1 }));
    const at = linkedStart(sections, next);
    if (at) {
      setStart(at);
      setPosition({ section: at.section, item: at.item });
    }
  }, [searchText, sections]);
  const conversationLink: ConversationLink = {
    tab: link.tab,
    questionId: link.questionId,
    nonce: link.nonce,
  };
  // The questions about the lesson marked on its video's timeline, given by the questions panel.
  const [questionMarks, setQuestionMarks] = useState<VideoMarker[]>([]);
  const item = sections[position.section]?.[position.item];
  const control = useRef<VideoControl>(null);
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
  const completed = new Set(progress.data?.items?.filter((i) => i.completed).map((i) => i.itemId) ?? []);

  // A quiz passed is completed by the catalog from an event: read the progress until it shows.
  const [passedItem, setPassedItem] = useState<string | null>(null);
  const onPassed = useCallback(() => setPassedItem(itemId ?? null), [itemId]);
  usePoll(passedItem !== null && !completed.has(passedItem), progress.reload);

  // An item completed may open the next one of a sequential course.
  const completedCount = completed.size;
  const seen = useRef(completedCount);
  const sequential = sections.some((section) => section.some((i) => i.locked));
  useEffect(() => {
    if (completedCount > seen.current && sequential) reloadCourse();
    seen.current = completedCount;
  }, [completedCount, sequential, reloadCourse]);

  // The views of the kinds this course has are fetched once the player shows, so opening one is instant.
  const kinds = [...new Set(sections.flat().map(kindOf))].sort().join();
  useEffect(() => {
    const later: Record<string, { preload(): Promise<void> }> = {
      article: ArticleView,
      quiz: QuizView,
      assignment: AssignmentView,
    };
    for (const kind of kinds.split(',')) void later[kind]?.preload().catch(() => {});
  }, [kinds]);

  const startAt = item && start.section === position.section && start.item === position.item ? start.at : 0;
  const kind = item ? kindOf(item) : 'video';
  const markDone = item ? (
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
  ) : null;

  let lesson: ReactNode;
  if (!item) {
    lesson = <EmptyState message="This course has no videos yet." />;
  } else if (item.locked) {
    lesson = <Banner tone="warning">{LOCKED_MESSAGE}</Banner>;
  } else if (kind === 'article') {
    lesson = (
      <Later label="Loading article…">
        <ArticleView title={item.videoTitle} body={item.body ?? ''} done={markDone} />
      </Later>
    );
  } else if (kind === 'quiz') {
    lesson = (
      <Later label="Loading quiz…">
        <QuizView courseId={courseId} itemId={item._id} title={item.videoTitle} onPassed={onPassed} />
      </Later>
    );
  } else if (kind === 'assignment') {
    lesson = (
      <Later label="Loading assignment…">
        <AssignmentView courseId={courseId} itemId={item._id} title={item.videoTitle} />
      </Later>
    );
  } else {
    lesson = (
      <>
        <VideoLesson
          key={item._id}
          courseId={courseId}
          item={item}
          startAt={startAt}
          onReport={onReport}
          control={control}
          onPassed={onPassed}
          extraMarkers={questionMarks}
        />
        {!item.videoId ? markDone : null}
        <Lesson aria-labelledby="lesson-title">
          <h2 id="lesson-title">{item.videoTitle}</h2>
          {/* A new lesson starts with its description folded again. */}
          <Description key={`${position.section}-${position.item}`} text={item.videoDesc ?? ''} />
        </Lesson>
      </>
    );
  }

  return (
    <Frame>
      <h1 title={course.title}>{truncate(course.title, TITLE_MAX)}</h1>
      <LiveClassBadge courseId={courseId} />
      {progress.data?.percent === 100 ? <CompletionPanel courseId={courseId} /> : null}
      <Layout>
        <div>{lesson}</div>
        <Side>
          {sections.length ? (
            <ContentList
              sections={sections}
              current={position}
              onSelect={setPosition}
              completed={completed}
            />
          ) : null}
          {item && !item.locked ? (
            <Later label="Loading notes…">
              <NotesPanel
                key={item._id}
                courseId={courseId}
                itemId={item._id}
                video={kind === 'video' && item.videoId ? control : undefined}
              />
            </Later>
          ) : null}
          {sections.length ? (
            <Later label="Loading questions…">
              <CourseConversation
                courseId={courseId}
                itemId={item && !item.locked ? item._id : null}
                video={kind === 'video' && item?.videoId ? control : undefined}
                link={conversationLink}
                onMarkers={setQuestionMarks}
              />
            </Later>
          ) : null}
          <ReviewForm courseId={courseId} />
        </Side>
      </Layout>
    </Frame>
  );
}

/** /learn/{courseid}/user/{userid}: the course's lessons for a student who bought it. */
export function CoursePlayerPage() {
  const api = useApi();
  const { courseid = '', userid = '' } = useParams();
  const course = useApiQuery(playerKeys.course(courseid, userid), (signal) =>
    api.learnCourse(courseid, userid, signal),
  );
  const progress = useApiQuery(playerKeys.progress(courseid), (signal) => api.progress(courseid, signal));
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
  return <Player course={course.data} courseId={courseid} reloadCourse={course.reload} />;
}
