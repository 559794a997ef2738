import type { QuestionInList, QuestionSort } from '@liveedu/api-client';
import { usePagedQuery } from '@liveedu/query';
import { Button, bareList, PagedListStates, ToggleButtons, theme } from '@liveedu/ui';
import type { VideoControl, VideoMarker } from '@liveedu/video';
import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import { momentOf } from '../api/conversation.ts';
import { playerKeys } from '../api/keys.ts';
import { useCommunityApi } from '../hooks/use-community-api.ts';
import { AskQuestionForm } from './ask-question-form.tsx';
import { Badge, HiddenNote, MomentButton } from './post-parts.tsx';
import { QuestionThread } from './question-thread.tsx';

const List = styled.ol`
  ${bareList}
  display: grid;
  gap: 0.75rem;
  li { border-top: 1px solid ${theme.colors.border}; padding-top: 0.75rem; }
  .title {
    border: 0; padding: 0; background: none; text-align: left; cursor: pointer;
    font-weight: 700; font-size: 1rem; color: ${theme.colors.primaryDark}; overflow-wrap: anywhere;
  }
  .title:hover { text-decoration: underline; }
  .excerpt { margin: 0.25rem 0; color: ${theme.colors.muted}; overflow-wrap: anywhere; }
  .meta { display: flex; flex-wrap: wrap; gap: 0.4rem 0.75rem; align-items: center; font-size: 0.9rem; }
`;

const Tools = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  justify-content: space-between;
  align-items: flex-start;
`;

const SORTS: readonly { id: QuestionSort; label: string }[] = [
  { id: 'newest', label: 'Newest' },
  { id: 'top', label: 'Top' },
  { id: 'unanswered', label: 'Unanswered' },
];

type View = { kind: 'list' } | { kind: 'ask'; atSec: number | null } | { kind: 'thread'; questionId: string };

function QuestionRow({
  question,
  onOpen,
  onSeek,
}: {
  question: QuestionInList;
  onOpen: () => void;
  onSeek?: (atSec: number) => void;
}) {
  const { author, answerCount, upvotes } = question;
  return (
    <li>
      <button type="button" className="title" onClick={onOpen}>
        {question.title}
      </button>
      <p className="excerpt">{question.excerpt}</p>
      <div className="meta">
        {question.atSec !== null ? <MomentButton atSec={question.atSec} onSeek={onSeek} /> : null}
        <span>
          {author.name} {author.instructor ? <Badge $tone="instructor">Instructor</Badge> : null}
        </span>
        <span>
          {upvotes} {upvotes === 1 ? 'upvote' : 'upvotes'}
        </span>
        <span>
          {answerCount} {answerCount === 1 ? 'answer' : 'answers'}
        </span>
        {question.instructorAnswered && !author.instructor ? (
          <Badge $tone="instructor">Instructor answered</Badge>
        ) : null}
        {question.acceptedAnswerId ? <Badge $tone="answered">✓ Answered</Badge> : null}
        {question.hidden ? <HiddenNote /> : null}
      </div>
    </li>
  );
}

/**
 * The questions learners asked about the lesson shown, newest, most upvoted or unanswered first;
 * each names its moment in the video (which the video can be moved to) and opens as a thread.
 * "Ask about this moment" stops the video and pins its second to a new question. The questions
 * with a moment are marked on the video's timeline (given to the player through `onMarkers`).
 */
export function QuestionsPanel({
  courseId,
  itemId,
  video,
  openQuestion,
  onOpened,
  onMarkers,
}: {
  courseId: string;
  itemId: string;
  /** The hosted video's controls, when the lesson is one. */
  video?: RefObject<VideoControl | null>;
  /** A question to show at once (a notification's link). */
  openQuestion?: string | null;
  /** The question asked for was shown (so it is not shown again on coming back to the lesson). */
  onOpened?: () => void;
  onMarkers: (markers: VideoMarker[]) => void;
}) {
  const api = useCommunityApi();
  const [sort, setSort] = useState<QuestionSort>('newest');
  const [view, setView] = useState<View>(() =>
    openQuestion ? { kind: 'thread', questionId: openQuestion } : { kind: 'list' },
  );
  const client = useQueryClient();
  useEffect(() => {
    if (!openQuestion) return;
    // A link comes with news of the thread (a new answer): what was read of it before is stale.
    void client.invalidateQueries({ queryKey: playerKeys.question(openQuestion) });
    void client.invalidateQueries({ queryKey: playerKeys.questions(courseId) });
    setView({ kind: 'thread', questionId: openQuestion });
    onOpened?.();
  }, [openQuestion, onOpened, client, courseId]);
  const list = usePagedQuery(playerKeys.questions(courseId, itemId, sort), (page, signal) =>
    api.questions(courseId, { itemId, sort, page }, signal).then((answer) => ({
      items: answer.questions,
      total: answer.total,
      pages: answer.pages,
    })),
  );

  const seek = useMemo(
    () =>
      video
        ? (atSec: number) => {
            video.current?.seek(atSec);
          }
        : undefined,
    [video],
  );
  // The marks change only when a listed question's moment or title does (the list is a new array at every render).
  const moments = JSON.stringify(
    list.status === 'ready'
      ? list.items.flatMap((q) => (q.atSec === null ? [] : [[q._id, q.atSec, q.title] as const]))
      : [],
  );
  const markers = useMemo<VideoMarker[]>(
    () =>
      (JSON.parse(moments) as [string, number, string][]).map(([questionId, atSec, title]) => ({
        atSec,
        kind: 'discussion' as const,
        label: `Question at ${momentOf(atSec)}: ${title}`,
        onSelect: () => {
          video?.current?.seek(atSec);
          setView({ kind: 'thread', questionId });
        },
      })),
    [moments, video],
  );
  useEffect(() => {
    if (video) onMarkers(markers);
  }, [markers, onMarkers, video]);
  useEffect(() => () => onMarkers([]), [onMarkers]);

  const ask = () => {
    const control = video?.current;
    if (control) {
      control.pause();
      setView({ kind: 'ask', atSec: Math.floor(control.currentTime()) });
    } else {
      setView({ kind: 'ask', atSec: null });
    }
  };
  const open = (questionId: string) => setView({ kind: 'thread', questionId });
  const toList = () => setView({ kind: 'list' });

  if (view.kind === 'thread') {
    return (
      <QuestionThread key={view.questionId} questionId={view.questionId} onBack={toList} onSeek={seek} />
    );
  }
  if (view.kind === 'ask') {
    return (
      <AskQuestionForm
        courseId={courseId}
        itemId={itemId}
        atSec={view.atSec}
        onPosted={(question) => open(question._id)}
        onOpen={open}
        onCancel={toList}
      />
    );
  }
  return (
    <>
      <Tools>
        <ToggleButtons label="Sort questions" options={SORTS} active={sort} onChange={setSort} />
        <Button type="button" onClick={ask}>
          {video ? 'Ask about this moment' : 'Ask a question'}
        </Button>
      </Tools>
      <PagedListStates
        list={list}
        loadingLabel="Loading questions…"
        emptyMessage={
          sort === 'unanswered'
            ? 'Every question about this lesson has an answer.'
            : 'No questions about this lesson yet — ask the first one'
        }
      >
        {(questions) => (
          <List aria-label="Questions about this lesson">
            {questions.map((q) => (
              <QuestionRow key={q._id} question={q} onOpen={() => open(q._id)} onSeek={seek} />
            ))}
          </List>
        )}
      </PagedListStates>
    </>
  );
}
