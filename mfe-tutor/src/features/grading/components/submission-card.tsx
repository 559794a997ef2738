import { messageOf, type SubmissionGrade, type TutorSubmission } from '@liveedu/api-client';
import { useApiMutation } from '@liveedu/query';
import {
  Banner,
  Button,
  Checkbox,
  Field,
  formatOrderDate,
  raisedPanel,
  theme,
  toast,
  WholeNumberInput,
} from '@liveedu/ui';
import { type FormEvent, useId, useState } from 'react';
import styled from 'styled-components';
import { LEARNING_KEYS } from '../../../shared/api/or-none.ts';
import { useTutorLearningApi } from '../../../shared/hooks/learning-api.ts';
import { draftFromSubmission, fileSize, type GradeDraft, gradeProblem, toGrade } from '../api/grade-form.ts';

const Card = styled.article`
  ${raisedPanel}
  padding: 1rem 1.25rem;
  display: grid;
  gap: 0.75rem;
  min-width: 0;
  h3 { margin: 0; font-size: 1.1rem; overflow-wrap: anywhere; }
  .where { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
  .when { margin: 0; color: ${theme.colors.muted}; }
  .text {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    padding: 0.75rem;
    border-radius: 8px;
    background: ${theme.colors.background};
    border: 1px solid ${theme.colors.border};
  }
  .grade { margin: 0; }
  figure { margin: 0; display: grid; gap: 0.35rem; }
  figcaption { font-weight: 600; }
`;

const GradeRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 0 1.25rem;
  ${Field} { flex: 0 1 10rem; }
  .passed { display: flex; align-items: center; gap: 0.4rem; margin-bottom: 1rem; }
`;

const Footer = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 0.25rem;
  > [role='alert'] { align-self: stretch; margin: 0; }
`;

function GradeForm({ submission }: { submission: TutorSubmission }) {
  const api = useTutorLearningApi();
  const id = useId();
  const [draft, setDraft] = useState<GradeDraft>(() => draftFromSubmission(submission));
  const [problem, setProblem] = useState<string | null>(null);
  const grade = useApiMutation((body: SubmissionGrade) => api.gradeSubmission(submission._id, body), {
    // The hand-in leaves the pending list and joins the graded one.
    invalidates: [LEARNING_KEYS.submissions],
  });
  const saving = grade.isPending;
  const change = (changes: Partial<GradeDraft>) => setDraft((d) => ({ ...d, ...changes }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const invalid = gradeProblem(draft);
    setProblem(invalid);
    if (invalid) return;
    try {
      await grade.mutateAsync(toGrade(draft));
      toast.success(`${submission.studentName}'s hand-in is graded`);
    } catch (error) {
      setProblem(messageOf(error));
    }
  };

  return (
    <form
      onSubmit={submit}
      aria-label={`Grade ${submission.studentName}: ${submission.itemTitle}`}
      noValidate
    >
      <GradeRow>
        <Field>
          <label htmlFor={`${id}-score`}>Score (0–100)</label>
          <WholeNumberInput
            id={`${id}-score`}
            min={0}
            max={100}
            value={draft.score}
            onChange={(score) => change({ score })}
          />
        </Field>
        <div className="passed">
          <Checkbox
            id={`${id}-passed`}
            label="Passed"
            checked={draft.passed}
            onChange={(passed) => change({ passed })}
          />
        </div>
      </GradeRow>
      <Field>
        <label htmlFor={`${id}-feedback`}>Feedback</label>
        <textarea
          id={`${id}-feedback`}
          value={draft.feedback}
          onChange={(e) => change({ feedback: e.target.value })}
        />
      </Field>
      <Footer>
        {problem ? <Banner tone="error">{problem}</Banner> : null}
        <Button type="submit" aria-disabled={saving || undefined}>
          {saving ? 'Saving…' : submission.status === 'graded' ? 'Change the grade' : 'Save the grade'}
        </Button>
      </Footer>
    </form>
  );
}

/** One hand-in: who, for which item, what they wrote and sent, and the form that grades it. */
export function SubmissionCard({ submission }: { submission: TutorSubmission }) {
  const id = useId();
  const { file } = submission;
  return (
    <Card aria-labelledby={`${id}-student`}>
      <h3 id={`${id}-student`}>{submission.studentName}</h3>
      <p className="where">
        {submission.courseTitle} · {submission.itemTitle}
      </p>
      <p className="when">
        Handed in <time dateTime={submission.submittedAt}>{formatOrderDate(submission.submittedAt)}</time>
      </p>
      {submission.text ? (
        <figure>
          <figcaption>Their text</figcaption>
          <div className="text">{submission.text}</div>
        </figure>
      ) : null}
      {file ? (
        <p>
          File:{' '}
          <a href={file.url} target="_blank" rel="noopener noreferrer">
            {file.name}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>{' '}
          ({file.kind.toUpperCase()}, {fileSize(file.size)})
        </p>
      ) : null}
      {submission.status === 'graded' ? (
        <p className="grade">
          Graded: {submission.score ?? 0}/100, {submission.passed ? 'passed' : 'not passed'}
          {submission.gradedAt ? (
            <>
              {' '}
              on <time dateTime={submission.gradedAt}>{formatOrderDate(submission.gradedAt)}</time>
            </>
          ) : null}
        </p>
      ) : null}
      <GradeForm submission={submission} />
    </Card>
  );
}
