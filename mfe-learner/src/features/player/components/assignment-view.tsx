import { type Assignment, messageOf, type Submission } from '@liveedu/api-client';
import { Markdown } from '@liveedu/markdown';
import { useApiMutation, useApiQuery } from '@liveedu/query';
import {
  Banner,
  Button,
  bareList,
  EmptyState,
  ErrorState,
  Field,
  flatPanel,
  Loading,
  ResourceView,
  theme,
  toast,
} from '@liveedu/ui';
import { uploadForm } from '@liveedu/upload';
import { type FormEvent, useRef, useState } from 'react';
import styled from 'styled-components';
import { acceptOf, allowedText, handInProblem, sizeText } from '../api/assignment.ts';
import { playerKeys } from '../api/keys.ts';
import { useLearningApi } from '../hooks/use-learning-api.ts';

const Panel = styled.section`
  ${flatPanel}
  padding: 1.25rem 1.5rem;
  h2 { margin: 0 0 0.75rem; font-size: 1.5rem; overflow-wrap: anywhere; }
  h3 { margin: 1.5rem 0 0.5rem; font-size: 1.15rem; }
  .allowed { color: ${theme.colors.muted}; }
  progress { width: 100%; height: 0.75rem; }
  .row { display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: center; }
`;

const HandIns = styled.ol`
  ${bareList}
  display: grid;
  gap: 0.75rem;
  li { border: 1px solid ${theme.colors.border}; border-radius: 8px; padding: 0.75rem 1rem; overflow-wrap: anywhere; }
  .head { display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; align-items: baseline; }
  .status { font-weight: 700; }
  .passed { color: ${theme.colors.success}; font-weight: 700; }
  .failed { color: ${theme.colors.danger}; font-weight: 700; }
  .text, .feedback { white-space: pre-line; margin: 0.5rem 0 0; }
  .feedback { padding-left: 0.75rem; border-left: 3px solid ${theme.colors.border}; }
  time, small { color: ${theme.colors.muted}; }
`;

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

function HandIn({ submission: s }: { submission: Submission }) {
  return (
    <li>
      <div className="head">
        <time dateTime={s.submittedAt}>{when(s.submittedAt)}</time>
        <span className="status">{s.status === 'graded' ? 'Graded' : 'Pending'}</span>
        {s.status === 'graded' ? (
          <>
            {s.score !== undefined ? <span>Score: {s.score}/100</span> : null}
            {s.passed ? <span className="passed">Passed</span> : <span className="failed">Not passed</span>}
          </>
        ) : null}
      </div>
      {s.file ? (
        <p>
          <a href={s.file.url} target="_blank" rel="noreferrer">
            {s.file.name}
          </a>{' '}
          <small>({sizeText(s.file.size)})</small>
        </p>
      ) : null}
      {s.text ? <p className="text">{s.text}</p> : null}
      {s.feedback ? (
        <p className="feedback">
          <strong>Feedback:</strong> {s.feedback}
        </p>
      ) : null}
    </li>
  );
}

function HandInForm({
  assignment,
  courseId,
  itemId,
}: {
  assignment: Assignment;
  courseId: string;
  itemId: string;
}) {
  const api = useLearningApi();
  const takesFiles = assignment.fileTypes.length > 0;
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const cancel = useRef<AbortController | null>(null);
  const handIn = useApiMutation(
    (form: FormData) => {
      cancel.current = new AbortController();
      return uploadForm<Submission>(api.submissionUrl(courseId, itemId), form, {
        onProgress: setPercent,
        signal: cancel.current.signal,
      });
    },
    { invalidates: [playerKeys.submissions(courseId, itemId)] },
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = handInProblem(assignment, file, text);
    setProblem(found);
    if (found) return;
    const form = new FormData();
    if (file) form.append('file', file);
    if (text.trim()) form.append('text', text);
    setPercent(0);
    try {
      await handIn.mutateAsync(form);
      toast.success('Your work was handed in');
      setFile(null);
      setText('');
      if (fileInput.current) fileInput.current.value = '';
    } catch (e) {
      if (!(e instanceof DOMException && e.name === 'AbortError')) setProblem(messageOf(e));
    } finally {
      setPercent(null);
      cancel.current = null;
    }
  };

  const busy = handIn.isPending;
  return (
    <form onSubmit={submit} aria-labelledby="hand-in-heading" noValidate>
      <h3 id="hand-in-heading">Hand in your work</h3>
      {problem ? <Banner tone="error">{problem}</Banner> : null}
      {takesFiles ? (
        <Field>
          <label htmlFor="hand-in-file">File</label>
          <input
            id="hand-in-file"
            ref={fileInput}
            type="file"
            accept={acceptOf(assignment.fileTypes)}
            aria-describedby="hand-in-allowed"
            disabled={busy}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
          <small id="hand-in-allowed" className="allowed">
            {allowedText(assignment.fileTypes, assignment.maxSizeMb)}
          </small>
        </Field>
      ) : (
        <p className="allowed">This assignment takes text only.</p>
      )}
      <Field>
        <label htmlFor="hand-in-text">{takesFiles ? 'Text (optional with a file)' : 'Your answer'}</label>
        <textarea
          id="hand-in-text"
          value={text}
          maxLength={10_000}
          disabled={busy}
          onChange={(e) => setText(e.target.value)}
        />
      </Field>
      {percent !== null ? (
        <p>
          <progress max={100} value={percent} aria-label="Upload progress" /> {percent}%
        </p>
      ) : null}
      <div className="row">
        <Button type="submit" disabled={busy}>
          {busy ? 'Handing in…' : 'Hand in'}
        </Button>
        {busy ? (
          <Button type="button" $variant="secondary" onClick={() => cancel.current?.abort()}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}

function MyHandIns({ courseId, itemId }: { courseId: string; itemId: string }) {
  const api = useLearningApi();
  const mine = useApiQuery(playerKeys.submissions(courseId, itemId), (signal) =>
    api.mySubmissions(courseId, itemId, signal),
  );
  return (
    <section aria-labelledby="hand-ins-heading">
      <h3 id="hand-ins-heading">Your hand-ins</h3>
      {mine.status === 'loading' ? (
        <Loading label="Loading your hand-ins…" />
      ) : mine.status === 'error' ? (
        <ErrorState message={mine.error} onRetry={mine.reload} />
      ) : mine.data.submissions.length === 0 ? (
        <EmptyState message="Nothing handed in yet." />
      ) : (
        <HandIns>
          {mine.data.submissions.map((s) => (
            <HandIn key={s._id} submission={s} />
          ))}
        </HandIns>
      )}
    </section>
  );
}

/** An assignment item: the brief, what a hand-in may be, the form with its upload, and past hand-ins. */
export function AssignmentView({
  courseId,
  itemId,
  title,
}: {
  courseId: string;
  itemId: string;
  title: string;
}) {
  const api = useLearningApi();
  const assignment = useApiQuery(playerKeys.assignment(courseId, itemId), (signal) =>
    api.assignment(courseId, itemId, signal),
  );
  return (
    <Panel aria-labelledby="lesson-title">
      <h2 id="lesson-title">{title}</h2>
      <ResourceView resource={assignment} loading="Loading assignment…">
        {(data) => (
          <>
            <Markdown source={data.brief} />
            {data.rubric ? (
              <>
                <h3>How it is graded</h3>
                <Markdown source={data.rubric} />
              </>
            ) : null}
            <HandInForm assignment={data} courseId={courseId} itemId={itemId} />
            <MyHandIns courseId={courseId} itemId={itemId} />
          </>
        )}
      </ResourceView>
    </Panel>
  );
}
