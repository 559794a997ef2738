import type { TutorAssignment } from '@liveedu/api-client';
import { useApiQuery } from '@liveedu/query';
import { Field, ResourceView, theme } from '@liveedu/ui';
import { useId } from 'react';
import styled from 'styled-components';
import { LEARNING_KEYS, orNone } from '../../../shared/api/or-none.ts';
import { useTutorLearningApi } from '../../../shared/hooks/learning-api.ts';
import {
  ASSIGNMENT_LIMITS,
  type AssignmentDraft,
  assignmentProblem,
  draftFromAssignment,
  FILE_TYPES,
  toAssignmentBody,
} from '../api/assignment-form.ts';
import { useSavedDraft } from '../hooks/use-saved-draft.ts';
import { MarkdownField } from './markdown-field.tsx';
import { SaveFooter } from './save-footer.tsx';

const Form = styled.form`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 0.25rem;
`;

const FileTypes = styled.fieldset`
  border: 1px solid ${theme.colors.border};
  border-radius: 8px;
  padding: 0.5rem 1rem 0.75rem;
  margin: 0 0 1rem;
  min-width: 0;
  legend { font-weight: 600; padding: 0 0.3rem; }
  .boxes { display: flex; flex-wrap: wrap; gap: 0.5rem 1.25rem; }
  .boxes span { display: flex; align-items: center; gap: 0.3rem; }
  small { display: block; color: ${theme.colors.muted}; margin-top: 0.4rem; }
  input[type='number'] {
    width: 6rem;
    padding: 0.45rem 0.6rem;
    border: 1px solid ${theme.colors.border};
    border-radius: 8px;
  }
  .size { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem; margin-top: 0.75rem; }
  .size label { font-weight: 600; }
`;

const Check = styled.div`
  display: flex;
  align-items: center;
  gap: 0.4rem;
  margin-bottom: 1rem;
`;

function AssignmentForm({
  courseId,
  itemId,
  title,
  initial,
}: {
  courseId: string;
  itemId: string;
  title: string;
  initial: TutorAssignment | null;
}) {
  const api = useTutorLearningApi();
  const id = useId();
  const form = useSavedDraft({
    initial: () => draftFromAssignment(initial),
    problemOf: assignmentProblem,
    save: (draft: AssignmentDraft) => api.saveAssignment(courseId, itemId, toAssignmentBody(draft)),
    answers: LEARNING_KEYS.assignment(courseId, itemId),
    draftOf: draftFromAssignment,
  });
  const { draft, submit } = form;
  const change = (changes: Partial<AssignmentDraft>) => form.change((d) => ({ ...d, ...changes }));

  const textOnly = draft.fileTypes.length === 0;
  return (
    <Form onSubmit={submit} aria-label={`Assignment: ${title}`} noValidate>
      <MarkdownField
        id={`${id}-brief`}
        label="Brief (Markdown)"
        previewLabel="Preview of the brief"
        value={draft.brief}
        maxLength={ASSIGNMENT_LIMITS.brief}
        onChange={(brief) => change({ brief })}
      />
      <Field>
        <label htmlFor={`${id}-rubric`}>Rubric (how it is graded, optional)</label>
        <textarea
          id={`${id}-rubric`}
          value={draft.rubric}
          onChange={(e) => change({ rubric: e.target.value })}
        />
      </Field>
      <FileTypes>
        <legend>Files a student may hand in</legend>
        <div className="boxes">
          {FILE_TYPES.map((type) => (
            <span key={type.id}>
              <input
                id={`${id}-type-${type.id}`}
                type="checkbox"
                checked={draft.fileTypes.includes(type.id)}
                onChange={(e) =>
                  change({
                    fileTypes: e.target.checked
                      ? [...draft.fileTypes, type.id]
                      : draft.fileTypes.filter((t) => t !== type.id),
                  })
                }
              />
              <label htmlFor={`${id}-type-${type.id}`}>{type.label}</label>
            </span>
          ))}
        </div>
        <small>
          {textOnly ? 'None chosen: students hand in text only.' : 'Students may also write text.'}
        </small>
        <div className="size">
          <label htmlFor={`${id}-size`}>Largest file (MB, 1–50)</label>
          <input
            id={`${id}-size`}
            type="number"
            inputMode="numeric"
            min={ASSIGNMENT_LIMITS.minSizeMb}
            max={ASSIGNMENT_LIMITS.maxSizeMb}
            step={1}
            value={draft.maxSizeMb}
            disabled={textOnly}
            onChange={(e) => change({ maxSizeMb: e.target.value })}
          />
        </div>
      </FileTypes>
      <Check>
        <input
          id={`${id}-required`}
          type="checkbox"
          checked={draft.required}
          onChange={(e) => change({ required: e.target.checked })}
        />
        <label htmlFor={`${id}-required`}>Required for the certificate</label>
      </Check>
      <SaveFooter form={form} savedText="Assignment saved" saveLabel="Save the assignment" />
    </Form>
  );
}

/** An assignment item's brief, rubric and what a hand-in may be; one not written yet starts empty. */
export function AssignmentEditor({
  courseId,
  itemId,
  title,
}: {
  courseId: string;
  itemId: string;
  title: string;
}) {
  const api = useTutorLearningApi();
  const assignment = useApiQuery(LEARNING_KEYS.assignment(courseId, itemId), (signal) =>
    orNone(api.assignment(courseId, itemId, signal)),
  );
  return (
    <ResourceView resource={assignment} loading="Loading the assignment…">
      {(found) => <AssignmentForm courseId={courseId} itemId={itemId} title={title} initial={found} />}
    </ResourceView>
  );
}
