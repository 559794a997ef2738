import type { Answer, Question } from '@liveedu/api-client';
import { RenderedHtml } from '@liveedu/markdown';
import { useApiMutation, useApiQuery } from '@liveedu/query';
import {
  Banner,
  Button,
  bareList,
  ConfirmDialog,
  ErrorState,
  Field,
  Loading,
  theme,
  toast,
} from '@liveedu/ui';
import { type FormEvent, useState } from 'react';
import styled from 'styled-components';
import { postingError, TITLE_LIMIT, TITLE_MIN } from '../api/conversation.ts';
import { playerKeys } from '../api/keys.ts';
import { useCommunityApi } from '../hooks/use-community-api.ts';
import { PostBodyField } from './post-body-field.tsx';
import { AuthorLine, Badge, HiddenNote, MomentButton, ReportDialog, UpvoteButton } from './post-parts.tsx';

const Thread = styled.article`
  h3 { margin: 0.5rem 0 0.25rem; font-size: 1.15rem; overflow-wrap: anywhere; }
  h4 { margin: 1.25rem 0 0.5rem; font-size: 1rem; }
  .marks { display: flex; flex-wrap: wrap; gap: 0.4rem; align-items: center; }
  .actions { display: flex; flex-wrap: wrap; gap: 0.4rem; align-items: center; margin: 0.5rem 0; }
  .actions button { min-height: 32px; padding: 0.25rem 0.6rem; }
  ol { ${bareList} display: grid; gap: 0.75rem; }
  li { border-top: 1px solid ${theme.colors.border}; padding-top: 0.75rem; }
  li.accepted { border-left: 3px solid ${theme.colors.success}; padding-left: 0.6rem; }
`;

type Post = { kind: 'question'; question: Question } | { kind: 'answer'; answer: Answer };

/** A question's or an answer's author: change the text, or take it away after asking. */
function OwnPostActions({
  what,
  onEdit,
  onDelete,
}: {
  what: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <>
      <Button type="button" $variant="secondary" aria-label={`Edit ${what}`} onClick={onEdit}>
        Edit
      </Button>
      <Button type="button" $variant="ghost" aria-label={`Delete ${what}`} onClick={onDelete}>
        Delete
      </Button>
    </>
  );
}

/** The form a post is changed in: its title (a question's) and its body. */
function EditForm({
  id,
  title: firstTitle,
  body: firstBody,
  busy,
  onSave,
  onCancel,
}: {
  id: string;
  title?: string;
  body: string;
  busy: boolean;
  onSave: (changed: { title?: string; body: string }) => void;
  onCancel: () => void;
}) {
  const [title, setTitle] = useState(firstTitle);
  const [body, setBody] = useState(firstBody);
  const ready = body.trim().length > 0 && (title === undefined || title.trim().length >= TITLE_MIN);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) onSave({ ...(title === undefined ? {} : { title: title.trim() }), body: body.trim() });
  };
  return (
    <form onSubmit={submit}>
      {title === undefined ? null : (
        <Field>
          <label htmlFor={`${id}-title`}>Title</label>
          <input
            id={`${id}-title`}
            value={title}
            maxLength={TITLE_LIMIT}
            onChange={(e) => setTitle(e.target.value)}
          />
        </Field>
      )}
      <PostBodyField id={`${id}-body`} label="Text (Markdown)" value={body} onChange={setBody} />
      <div className="actions">
        <Button type="submit" disabled={busy || !ready}>
          Save
        </Button>
        <Button type="button" $variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function AnswerItem({
  answer,
  question,
  onReport,
  onDelete,
}: {
  answer: Answer;
  question: Question;
  onReport: () => void;
  onDelete: () => void;
}) {
  const api = useCommunityApi();
  const [editing, setEditing] = useState(false);
  const invalidates = [playerKeys.question(question._id), playerKeys.questions(question.courseId)];
  const upvote = useApiMutation(() => api.upvoteAnswer(question._id, answer._id), { invalidates });
  const accept = useApiMutation(() => api.acceptAnswer(question._id, answer._id), { invalidates });
  const edit = useApiMutation((body: string) => api.editAnswer(question._id, answer._id, body), {
    invalidates,
  });
  const name = `the answer by ${answer.author.name}`;
  const run = (write: () => Promise<unknown>) => write().catch((e: unknown) => toast.error(postingError(e)));

  return (
    <li className={answer.accepted ? 'accepted' : undefined} aria-label={`Answer by ${answer.author.name}`}>
      <div className="marks">
        {answer.accepted ? <Badge $tone="answered">✓ Accepted answer</Badge> : null}
        {answer.hidden ? <HiddenNote /> : null}
      </div>
      <AuthorLine author={answer.author} createdAt={answer.createdAt} editedAt={answer.editedAt} />
      {editing ? (
        <EditForm
          id={`answer-${answer._id}`}
          body={answer.body}
          busy={edit.isPending}
          onCancel={() => setEditing(false)}
          onSave={({ body }) =>
            void edit.mutateAsync(body).then(
              () => setEditing(false),
              (e: unknown) => toast.error(postingError(e)),
            )
          }
        />
      ) : (
        <RenderedHtml html={answer.bodyHtml} />
      )}
      <div className="actions">
        <UpvoteButton
          what={name}
          upvotes={answer.upvotes}
          upvoted={answer.upvoted}
          own={answer.mine}
          busy={upvote.isPending}
          onToggle={() => void run(upvote.mutateAsync)}
        />
        {question.mine && !answer.accepted && !answer.hidden ? (
          <Button
            type="button"
            $variant="secondary"
            aria-label={`Accept ${name}`}
            disabled={accept.isPending}
            onClick={() => void run(accept.mutateAsync)}
          >
            Accept
          </Button>
        ) : null}
        {answer.mine ? (
          <OwnPostActions what={name} onEdit={() => setEditing(true)} onDelete={onDelete} />
        ) : (
          <Button type="button" $variant="ghost" aria-label={`Report ${name}`} onClick={onReport}>
            Report
          </Button>
        )}
      </div>
    </li>
  );
}

/**
 * A question whole and its answers (the accepted one first): upvotes, following, accepting (the
 * asker), reporting, and the author's edit and delete; a new answer is written under them.
 */
export function QuestionThread({
  questionId,
  onBack,
  onSeek,
}: {
  questionId: string;
  onBack: () => void;
  /** Moves the lesson's video to a second, when the lesson is a hosted video. */
  onSeek?: (atSec: number) => void;
}) {
  const api = useCommunityApi();
  const thread = useApiQuery(playerKeys.question(questionId), (signal) => api.question(questionId, signal));
  const courseId = thread.data?.question.courseId ?? '';
  const invalidates = [playerKeys.question(questionId), playerKeys.questions(courseId)];
  const upvote = useApiMutation(() => api.upvoteQuestion(questionId), { invalidates });
  const follow = useApiMutation((on: boolean) => api.followQuestion(questionId, on), { invalidates });
  const edit = useApiMutation(
    (body: { title?: string; body: string }) => api.editQuestion(questionId, body),
    {
      invalidates,
    },
  );
  const answer = useApiMutation((body: string) => api.answerQuestion(questionId, body), { invalidates });
  const remove = useApiMutation(
    (post: Post) =>
      post.kind === 'question'
        ? api.deleteQuestion(questionId)
        : api.deleteAnswer(questionId, post.answer._id),
    { invalidates: [playerKeys.questions(courseId)] },
  );
  const report = useApiMutation(
    (input: { post: Post; reason: string }) =>
      api.report(
        input.post.kind === 'question'
          ? { questionId, reason: input.reason }
          : { answerId: input.post.answer._id, reason: input.reason },
      ),
    { invalidates: [] },
  );
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [answerError, setAnswerError] = useState<string | null>(null);
  const [reporting, setReporting] = useState<Post | null>(null);
  const [reportError, setReportError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Post | null>(null);

  const back = (
    <Button type="button" $variant="ghost" onClick={onBack}>
      ← All questions
    </Button>
  );
  if (thread.status === 'loading') return <Loading label="Loading the question…" />;
  if (thread.status === 'error') {
    return (
      <>
        {back}
        <ErrorState message={thread.error} onRetry={thread.reload} />
      </>
    );
  }
  const { question, answers } = thread.data;
  const run = (write: () => Promise<unknown>) => write().catch((e: unknown) => toast.error(postingError(e)));

  const postAnswer = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft.trim()) return;
    setAnswerError(null);
    try {
      await answer.mutateAsync(draft.trim());
      setDraft('');
    } catch (e) {
      setAnswerError(postingError(e));
    }
  };

  const sendReport = async (reason: string) => {
    if (!reporting) return;
    setReportError(null);
    try {
      await report.mutateAsync({ post: reporting, reason });
      setReporting(null);
      toast.success('Thank you, a moderator will look at it.');
    } catch (e) {
      setReportError(postingError(e));
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting);
      const gone = deleting;
      setDeleting(null);
      if (gone.kind === 'question') onBack();
      else thread.reload();
    } catch (e) {
      toast.error(postingError(e));
    }
  };

  return (
    <Thread aria-labelledby="thread-title">
      {back}
      <div className="marks">
        {question.atSec !== null ? <MomentButton atSec={question.atSec} onSeek={onSeek} /> : null}
        {question.acceptedAnswerId ? <Badge $tone="answered">✓ Answered</Badge> : null}
        {question.hidden ? <HiddenNote /> : null}
      </div>
      {editing ? (
        <EditForm
          id="question-edit"
          title={question.title}
          body={question.body}
          busy={edit.isPending}
          onCancel={() => setEditing(false)}
          onSave={(changed) =>
            void edit.mutateAsync(changed).then(
              () => setEditing(false),
              (e: unknown) => toast.error(postingError(e)),
            )
          }
        />
      ) : (
        <>
          <h3 id="thread-title">{question.title}</h3>
          <AuthorLine author={question.author} createdAt={question.createdAt} editedAt={question.editedAt} />
          <RenderedHtml html={question.bodyHtml} />
        </>
      )}
      <div className="actions">
        <UpvoteButton
          what="this question"
          upvotes={question.upvotes}
          upvoted={question.upvoted}
          own={question.mine}
          busy={upvote.isPending}
          onToggle={() => void run(upvote.mutateAsync)}
        />
        <Button
          type="button"
          $variant={question.following ? 'primary' : 'secondary'}
          aria-pressed={question.following}
          disabled={follow.isPending}
          onClick={() => void run(() => follow.mutateAsync(!question.following))}
        >
          {question.following ? 'Following' : 'Follow'}
        </Button>
        {question.mine ? (
          <OwnPostActions
            what="this question"
            onEdit={() => setEditing(true)}
            onDelete={() => setDeleting({ kind: 'question', question })}
          />
        ) : (
          <Button
            type="button"
            $variant="ghost"
            aria-label="Report this question"
            onClick={() => setReporting({ kind: 'question', question })}
          >
            Report
          </Button>
        )}
      </div>

      <h4>{answers.length === 1 ? '1 answer' : `${answers.length} answers`}</h4>
      {answers.length > 0 ? (
        <ol aria-label="Answers">
          {answers.map((a) => (
            <AnswerItem
              key={a._id}
              answer={a}
              question={question}
              onReport={() => setReporting({ kind: 'answer', answer: a })}
              onDelete={() => setDeleting({ kind: 'answer', answer: a })}
            />
          ))}
        </ol>
      ) : null}

      <form onSubmit={postAnswer}>
        <PostBodyField id="answer-new" label="Your answer (Markdown)" value={draft} onChange={setDraft} />
        {answerError ? <Banner tone="error">{answerError}</Banner> : null}
        <Button type="submit" disabled={answer.isPending || !draft.trim()}>
          {answer.isPending ? 'Posting…' : 'Post answer'}
        </Button>
      </form>

      <ReportDialog
        key={reporting?.kind === 'answer' ? reporting.answer._id : 'question'}
        what={reporting?.kind ?? 'question'}
        open={reporting !== null}
        busy={report.isPending}
        error={reportError}
        onSend={(reason) => void sendReport(reason)}
        onClose={() => {
          setReporting(null);
          setReportError(null);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={deleting?.kind === 'answer' ? 'Delete answer' : 'Delete question'}
        message={
          deleting?.kind === 'answer' ? 'Delete your answer?' : 'Delete your question and its answers?'
        }
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </Thread>
  );
}
