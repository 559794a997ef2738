import type { TutorQuiz } from '@liveedu/api-client';
import { useApiQuery } from '@liveedu/query';
import {
  Button,
  bareList,
  Checkbox,
  ChoiceSelect,
  Field,
  ResourceView,
  theme,
  WholeNumberInput,
} from '@liveedu/ui';
import { useId } from 'react';
import styled from 'styled-components';
import { LEARNING_KEYS, orNone } from '../../../shared/api/or-none.ts';
import { useTutorLearningApi } from '../../../shared/hooks/learning-api.ts';
import {
  draftFromQuiz,
  emptyOption,
  emptyQuestion,
  MAX_ATTEMPTS,
  moved,
  type OptionDraft,
  QUESTION_TYPES,
  type QuestionDraft,
  type QuestionType,
  type QuizDraft,
  type QuizOn,
  quizProblem,
  toQuizBody,
  withType,
} from '../api/quiz-form.ts';
import { useSavedDraft } from '../hooks/use-saved-draft.ts';
import { SaveFooter } from './save-footer.tsx';

const Form = styled.form`
  display: grid;
  /* Never wider than the page: a grid column is otherwise as wide as its widest field. */
  grid-template-columns: minmax(0, 1fr);
  gap: 1rem;
  fieldset { min-width: 0; }
`;

const Settings = styled.div`
  display: grid;
  gap: 0 1rem;
  grid-template-columns: minmax(0, 1fr);
  align-items: start;
  @media (min-width: ${theme.breakpoints.md}) { grid-template-columns: repeat(3, minmax(0, 1fr)); }
  ${Field} { margin-bottom: 0.5rem; }
`;

const Check = styled.div`
  display: flex;
  align-items: center;
  gap: 0.4rem;
  label { font-weight: 500; }
`;

const Questions = styled.ol`
  ${bareList}
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 0.75rem;
`;

const QuestionBox = styled.fieldset`
  border: 1px solid ${theme.colors.border};
  border-radius: 8px;
  padding: 0.75rem 1rem 1rem;
  margin: 0;
  background: ${theme.colors.surface};
  > legend { font-weight: 700; padding: 0 0.3rem; }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0 1rem;
  > * { flex: 1 1 12rem; min-width: 0; }
`;

const Options = styled.fieldset`
  border: 0;
  padding: 0;
  margin: 0 0 1rem;
  legend { font-weight: 600; padding: 0; margin-bottom: 0.35rem; }
  small { display: block; color: ${theme.colors.muted}; margin-bottom: 0.5rem; }
`;

const OptionRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem;
  margin-bottom: 0.5rem;
  .right { display: flex; align-items: center; gap: 0.3rem; }
  .text { flex: 1 1 12rem; display: flex; align-items: center; gap: 0.4rem; min-width: 0; }
  .text label { font-weight: 600; white-space: nowrap; }
  .text input {
    flex: 1 1 auto;
    min-width: 0;
    padding: 0.45rem 0.65rem;
    border: 1px solid ${theme.colors.border};
    border-radius: 8px;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
`;

/** One choice: the text, whether it is right (a radio for single choice, a box for multiple), its removal. */
function OptionField({
  id,
  index,
  option,
  type,
  canRemove,
  onChange,
  onRight,
  onRemove,
}: {
  id: string;
  index: number;
  option: OptionDraft;
  type: QuestionType;
  canRemove: boolean;
  onChange: (text: string) => void;
  onRight: (right: boolean) => void;
  onRemove: () => void;
}) {
  const n = index + 1;
  return (
    <OptionRow>
      <span className="right">
        <input
          id={`${id}-right-${option.key}`}
          type={type === 'single' ? 'radio' : 'checkbox'}
          name={`${id}-right`}
          checked={option.right}
          onChange={(e) => onRight(e.target.checked)}
        />
        <label htmlFor={`${id}-right-${option.key}`}>
          <span className="visually-hidden">Option {n} is </span>right
        </label>
      </span>
      <span className="text">
        <label htmlFor={`${id}-option-${option.key}`}>Option {n}</label>
        <input
          id={`${id}-option-${option.key}`}
          value={option.text}
          onChange={(e) => onChange(e.target.value)}
        />
      </span>
      {canRemove ? (
        <Button type="button" $variant="ghost" onClick={onRemove}>
          Remove option {n}
        </Button>
      ) : null}
    </OptionRow>
  );
}

/** One question: its type, text, options or accepted answers, explanation and (in a video) its time. */
function QuestionEditor({
  question,
  index,
  count,
  on,
  onChange,
  onMove,
  onRemove,
}: {
  question: QuestionDraft;
  index: number;
  count: number;
  on: QuizOn;
  onChange: (next: QuestionDraft) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const n = index + 1;
  const set = (changes: Partial<QuestionDraft>) => onChange({ ...question, ...changes });
  const setOption = (key: string, changes: Partial<OptionDraft>) =>
    set({ options: question.options.map((o) => (o.key === key ? { ...o, ...changes } : o)) });
  const markRight = (key: string, right: boolean) =>
    set({
      options: question.options.map((o) =>
        o.key === key ? { ...o, right } : question.type === 'single' && right ? { ...o, right: false } : o,
      ),
    });
  return (
    <QuestionBox>
      <legend>Question {n}</legend>
      <Row>
        <Field>
          <label htmlFor={`${id}-type`}>Type</label>
          <ChoiceSelect
            id={`${id}-type`}
            choices={QUESTION_TYPES}
            value={question.type}
            onChange={(type) => onChange(withType(question, type))}
          />
        </Field>
        {on === 'video' ? (
          <Field>
            <label htmlFor={`${id}-at`}>Asked at (m:ss)</label>
            <input
              id={`${id}-at`}
              value={question.at}
              inputMode="numeric"
              placeholder="1:30"
              onChange={(e) => set({ at: e.target.value })}
            />
          </Field>
        ) : null}
      </Row>
      <Field>
        <label htmlFor={`${id}-prompt`}>Question text</label>
        <textarea
          id={`${id}-prompt`}
          value={question.prompt}
          onChange={(e) => set({ prompt: e.target.value })}
        />
      </Field>
      {question.type === 'short' ? (
        <Field>
          <label htmlFor={`${id}-accepted`}>Accepted answers (one a line)</label>
          <textarea
            id={`${id}-accepted`}
            value={question.accepted}
            onChange={(e) => set({ accepted: e.target.value })}
            aria-describedby={`${id}-accepted-hint`}
          />
          <small id={`${id}-accepted-hint`}>Compared without case, accents or extra spaces.</small>
        </Field>
      ) : (
        <Options>
          <legend>Options</legend>
          <small>{question.type === 'single' ? 'Mark the right option.' : 'Mark every right option.'}</small>
          {question.options.map((option, i) => (
            <OptionField
              key={option.key}
              id={id}
              index={i}
              option={option}
              type={question.type}
              canRemove={question.options.length > 2}
              onChange={(text) => setOption(option.key, { text })}
              onRight={(right) => markRight(option.key, right)}
              onRemove={() => set({ options: question.options.filter((o) => o.key !== option.key) })}
            />
          ))}
          <Button
            type="button"
            $variant="secondary"
            onClick={() => set({ options: [...question.options, emptyOption()] })}
          >
            Add an option
          </Button>
        </Options>
      )}
      <Field>
        <label htmlFor={`${id}-explanation`}>Explanation (shown after answering, optional)</label>
        <textarea
          id={`${id}-explanation`}
          value={question.explanation}
          onChange={(e) => set({ explanation: e.target.value })}
        />
      </Field>
      <Actions>
        <Button type="button" $variant="secondary" disabled={index === 0} onClick={() => onMove(-1)}>
          Move question {n} up
        </Button>
        <Button type="button" $variant="secondary" disabled={index === count - 1} onClick={() => onMove(1)}>
          Move question {n} down
        </Button>
        <Button type="button" $variant="danger" disabled={count === 1} onClick={onRemove}>
          Remove question {n}
        </Button>
      </Actions>
    </QuestionBox>
  );
}

function QuizForm({
  courseId,
  itemId,
  on,
  title,
  initial,
}: {
  courseId: string;
  itemId: string;
  on: QuizOn;
  title: string;
  initial: TutorQuiz | null;
}) {
  const api = useTutorLearningApi();
  const id = useId();
  const form = useSavedDraft({
    initial: () => draftFromQuiz(initial, on),
    problemOf: (d: QuizDraft) => quizProblem(d, on),
    save: (d: QuizDraft) => api.saveQuiz(courseId, itemId, toQuizBody(d, on)),
    answers: LEARNING_KEYS.quiz(courseId, itemId),
    invalidates: [LEARNING_KEYS.quizFigures(courseId, itemId)],
    // With the ids the server gave the new questions and options, for the next save.
    draftOf: (quiz: TutorQuiz) => draftFromQuiz(quiz, on),
  });
  const { draft, change, submit } = form;
  const setQuestion = (key: string, question: QuestionDraft) =>
    change((d) => ({ ...d, questions: d.questions.map((q) => (q.key === key ? question : q)) }));

  const name = on === 'video' ? `Questions in the video: ${title}` : `Quiz: ${title}`;
  return (
    <Form onSubmit={submit} aria-label={name} noValidate>
      <Settings>
        <Field>
          <label htmlFor={`${id}-pass`}>Pass mark (%)</label>
          <WholeNumberInput
            id={`${id}-pass`}
            min={1}
            max={100}
            value={draft.passPercent}
            onChange={(passPercent) => change((d) => ({ ...d, passPercent }))}
          />
        </Field>
        <Field>
          <label htmlFor={`${id}-attempts`}>Attempts allowed</label>
          <WholeNumberInput
            id={`${id}-attempts`}
            min={1}
            max={MAX_ATTEMPTS}
            value={draft.unlimited ? '' : draft.maxAttempts}
            disabled={draft.unlimited}
            onChange={(maxAttempts) => change((d) => ({ ...d, maxAttempts }))}
          />
          <Check>
            <Checkbox
              id={`${id}-unlimited`}
              label="Unlimited attempts"
              checked={draft.unlimited}
              onChange={(unlimited) => change((d) => ({ ...d, unlimited }))}
            />
          </Check>
        </Field>
        <Check>
          <Checkbox
            id={`${id}-required`}
            label="Required for the certificate"
            checked={draft.required}
            onChange={(required) => change((d) => ({ ...d, required }))}
          />
        </Check>
      </Settings>
      <Questions>
        {draft.questions.map((question, i) => (
          <li key={question.key}>
            <QuestionEditor
              question={question}
              index={i}
              count={draft.questions.length}
              on={on}
              onChange={(next) => setQuestion(question.key, next)}
              onMove={(by) => change((d) => ({ ...d, questions: moved(d.questions, i, by) }))}
              onRemove={() =>
                change((d) => ({ ...d, questions: d.questions.filter((q) => q.key !== question.key) }))
              }
            />
          </li>
        ))}
      </Questions>
      <Actions>
        <Button
          type="button"
          $variant="secondary"
          onClick={() => change((d) => ({ ...d, questions: [...d.questions, emptyQuestion()] }))}
        >
          Add a question
        </Button>
      </Actions>
      <SaveFooter
        form={form}
        savedText={on === 'video' ? 'Questions saved' : 'Quiz saved'}
        saveLabel={on === 'video' ? 'Save the questions' : 'Save the quiz'}
      />
    </Form>
  );
}

/**
 * The quiz of a saved item: a quiz item's questions, or the questions a video asks as it plays
 * (each at a time). Loaded on its own; a quiz not written yet starts from one empty question.
 */
export function QuizEditor({
  courseId,
  itemId,
  on,
  title,
}: {
  courseId: string;
  itemId: string;
  on: QuizOn;
  title: string;
}) {
  const api = useTutorLearningApi();
  const quiz = useApiQuery(LEARNING_KEYS.quiz(courseId, itemId), (signal) =>
    orNone(api.quiz(courseId, itemId, signal)),
  );
  return (
    <ResourceView resource={quiz} loading="Loading the questions…">
      {(found) => <QuizForm courseId={courseId} itemId={itemId} on={on} title={title} initial={found} />}
    </ResourceView>
  );
}
