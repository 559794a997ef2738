import type { QuizQuestion } from '@liveedu/api-client';
import { Button, theme } from '@liveedu/ui';
import { clockOf } from '@liveedu/video';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { type Choice, NO_CHOICE } from '../api/quiz.ts';
import { QuestionFields } from './question-fields.tsx';

const Dialog = styled.div`
  width: min(560px, 100%);
  max-height: 100%;
  overflow-y: auto;
  padding: 1rem 1.25rem;
  border-radius: ${theme.radius};
  background: ${theme.colors.surface};
  color: ${theme.colors.ink};
  box-shadow: 0 10px 30px rgba(0, 0, 0, 0.3);
  outline: none;
  h3 { margin: 0 0 0.75rem; font-size: 1rem; color: ${theme.colors.muted}; }
`;

/**
 * A question the video stopped for, over it: the focus moves to it, and goes back to where it was
 * once the learner answers (the video then plays on).
 */
export function InVideoQuestion({
  question,
  number,
  of,
  onAnswer,
}: {
  question: QuizQuestion;
  number: number;
  of: number;
  onAnswer: (choice: Choice) => void;
}) {
  const [choice, setChoice] = useState<Choice>(NO_CHOICE);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    box.current?.focus();
    return () => {
      // Only when the focus is still in the question (it was not moved elsewhere meanwhile).
      if (!document.activeElement || document.activeElement === document.body) previous?.focus?.();
    };
  }, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onAnswer(choice);
  };
  const headingId = `in-video-question-${question._id}`;
  return (
    <Dialog role="dialog" aria-labelledby={headingId} tabIndex={-1} ref={box} data-testid="in-video-question">
      <h3 id={headingId}>
        Question {number} of {of}
        {question.atSec === undefined ? null : ` · ${clockOf(question.atSec)}`}
      </h3>
      <form onSubmit={submit}>
        <QuestionFields
          name="in-video"
          question={question}
          number={number}
          choice={choice}
          onChange={setChoice}
        />
        <Button type="submit">{number === of ? 'Answer and finish' : 'Answer and continue'}</Button>
      </form>
    </Dialog>
  );
}
