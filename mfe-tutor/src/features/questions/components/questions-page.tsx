import type { QuestionInList, TutorQuestionStatus } from '@liveedu/api-client';
import { usePagedQuery } from '@liveedu/query';
import { useSession } from '@liveedu/session';
import { Button, gridList, PagedItemList, raisedPanel, ToggleButtons, theme, timeAgo } from '@liveedu/ui';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import styled from 'styled-components';
import { CourseFilter } from '../../../shared/components/course-filter.tsx';
import { Panel } from '../../../shared/components/page.tsx';
import { useCommunityApi } from '../../../shared/hooks/community-api.ts';
import { answerCount, lessonLink, momentOf } from '../api/moments.ts';
import { INBOX, QuestionThread } from './question-thread.tsx';

const STATUSES: readonly { id: TutorQuestionStatus; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'unanswered', label: 'Unanswered' },
];

const List = styled.ul`
  ${gridList({})}
`;

const Card = styled.article`
  ${raisedPanel}
  padding: 1rem 1.25rem;
  display: grid;
  gap: 0.5rem;
  min-width: 0;
  h3 { margin: 0; font-size: 1.1rem; overflow-wrap: anywhere; }
  p { margin: 0; overflow-wrap: anywhere; }
  .where { font-weight: 600; }
  .who { color: ${theme.colors.muted}; font-size: 0.9rem; }
  .state { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem 0.75rem; font-size: 0.9rem; }
  .waiting { color: ${theme.colors.warning}; font-weight: 600; }
  .done { color: ${theme.colors.success}; font-weight: 600; }
  .actions { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem 1rem; }
`;

const Summary = styled.p`
  margin: 0 0 0.75rem;
  color: ${theme.colors.muted};
`;

/** One question of the inbox: where and by whom it was asked, its state, and its thread when opened. */
function QuestionCard({
  question,
  open,
  onToggle,
}: {
  question: QuestionInList;
  open: boolean;
  onToggle: (id: string) => void;
}) {
  const { userId } = useSession();
  const id = useId();
  return (
    <Card aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{question.title}</h3>
      <p className="where">
        {question.courseTitle ?? 'Course'}
        {question.atSec !== null ? ` · at ${momentOf(question.atSec)} in the lesson` : ''}
      </p>
      <p className="who">
        Asked by {question.author.name}{' '}
        <time dateTime={question.createdAt}>{timeAgo(question.createdAt)}</time>
      </p>
      {open ? null : <p>{question.excerpt}</p>}
      <p className="state">
        <span className={question.answerCount === 0 ? 'waiting' : undefined}>
          {answerCount(question.answerCount)}
        </span>
        {question.instructorAnswered ? <span className="done">You answered</span> : null}
        {question.acceptedAnswerId ? <span className="done">Has an accepted answer</span> : null}
      </p>
      <div className="actions">
        <Button
          type="button"
          $variant={open ? 'secondary' : 'primary'}
          aria-expanded={open}
          onClick={() => onToggle(question._id)}
        >
          {open ? 'Close the thread' : question.answerCount === 0 ? 'Answer' : 'Open the thread'}
        </Button>
        {question.itemId && userId ? <Link to={lessonLink(question, userId)}>Open in the lesson</Link> : null}
      </div>
      {open ? <QuestionThread questionId={question._id} /> : null}
    </Card>
  );
}

/**
 * /profile/questions: the questions of the tutor's courses, unanswered ones first, of every course
 * or one, all or the unanswered only; each opens its thread in place to answer (as the instructor)
 * or accept an answer. `?question=<id>` opens that thread, as a notification's link does.
 */
export function QuestionsPage() {
  const community = useCommunityApi();
  const [params, setParams] = useSearchParams();
  const opened = params.get('question');
  const [status, setStatus] = useState<TutorQuestionStatus>('all');
  const [courseId, setCourseId] = useState('');
  const list = usePagedQuery([...INBOX, 'list', status, courseId], (page, signal) =>
    community.tutorQuestions({ status, courseId, page }, signal).then((r) => ({ ...r, items: r.questions })),
  );

  const toggle = (questionId: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (next.get('question') === questionId) next.delete('question');
        else next.set('question', questionId);
        return next;
      },
      { replace: true },
    );

  // A thread asked for by its link but not among the questions shown opens above them.
  const openedElsewhere =
    opened && list.status === 'ready' && !list.items.some((q) => q._id === opened) ? opened : null;
  const unanswered = list.status === 'ready' ? list.firstPage?.unanswered : undefined;
  return (
    <Panel>
      <h2>Questions</h2>
      <CourseFilter courseId={courseId} onChange={setCourseId}>
        <ToggleButtons label="Questions" options={STATUSES} active={status} onChange={setStatus} />
      </CourseFilter>
      {unanswered !== undefined ? (
        <Summary>
          {unanswered === 0 ? 'Every question has an answer' : `${unanswered} waiting for an answer`}
        </Summary>
      ) : null}
      {openedElsewhere ? (
        <Card aria-label="The question you opened">
          <QuestionThread questionId={openedElsewhere} showTitle />
          <div className="actions">
            <Button type="button" $variant="secondary" onClick={() => toggle(openedElsewhere)}>
              Close the thread
            </Button>
          </div>
        </Card>
      ) : null}
      <PagedItemList
        list={list}
        loadingLabel="Loading the questions…"
        emptyMessage={status === 'unanswered' ? 'No questions waiting' : 'No questions yet'}
        listAs={List}
        label="Questions"
        renderItem={(question) => (
          <QuestionCard question={question} open={opened === question._id} onToggle={toggle} />
        )}
      />
    </Panel>
  );
}
