import type { QuizQuestion } from '@liveedu/api-client';
import { theme } from '@liveedu/ui';
import styled from 'styled-components';
import { type Choice, choose } from '../api/quiz.ts';

const Fieldset = styled.fieldset`
  border: 0;
  margin: 0 0 1.25rem;
  padding: 0;
  min-width: 0;
  legend { padding: 0; margin-bottom: 0.5rem; font-weight: 700; white-space: pre-line; overflow-wrap: anywhere; }
  .hint { margin: -0.25rem 0 0.5rem; color: ${theme.colors.muted}; font-size: 0.9rem; }
  .option {
    display: flex; gap: 0.6rem; align-items: flex-start; padding: 0.45rem 0.6rem; margin-bottom: 0.35rem;
    border: 1px solid ${theme.colors.border}; border-radius: 8px; cursor: pointer; overflow-wrap: anywhere;
  }
  .option input { margin-top: 0.25rem; }
  .short { display: flex; flex-direction: column; gap: 0.35rem; font-weight: 600; }
  .short input {
    padding: 0.55rem 0.75rem; border: 1px solid ${theme.colors.border}; border-radius: 8px; font-weight: 400;
  }
`;

/**
 * One question's controls: radio buttons for a single choice, checkboxes for several, a text box
 * for a short answer. `name` keeps the controls of one form apart from another's.
 */
export function QuestionFields({
  question,
  number,
  choice,
  onChange,
  disabled = false,
  name,
}: {
  question: QuizQuestion;
  number: number;
  choice: Choice;
  onChange: (choice: Choice) => void;
  disabled?: boolean;
  name: string;
}) {
  const id = `${name}-${question._id}`;
  return (
    <Fieldset disabled={disabled} aria-describedby={question.type === 'multiple' ? `${id}-hint` : undefined}>
      <legend>
        {number}. {question.prompt}
      </legend>
      {question.type === 'multiple' ? (
        <p className="hint" id={`${id}-hint`}>
          Choose every right answer.
        </p>
      ) : null}
      {question.type === 'short' ? (
        <label className="short">
          Your answer
          <input
            type="text"
            value={choice.text}
            maxLength={1000}
            autoComplete="off"
            onChange={(e) => onChange(choose(question, choice, { text: e.target.value }))}
          />
        </label>
      ) : (
        question.options.map((option) => (
          <label className="option" key={option._id}>
            <input
              type={question.type === 'single' ? 'radio' : 'checkbox'}
              name={id}
              value={option._id}
              checked={choice.optionIds.includes(option._id)}
              onChange={(e) =>
                onChange(choose(question, choice, { optionId: option._id, checked: e.target.checked }))
              }
            />
            <span>{option.text}</span>
          </label>
        ))
      )}
    </Fieldset>
  );
}
