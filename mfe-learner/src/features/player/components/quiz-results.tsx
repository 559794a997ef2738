import type { QuizAttemptResult, QuizQuestion } from '@liveedu/api-client';
import { Button, theme } from '@liveedu/ui';
import { useEffect, useRef } from 'react';
import styled from 'styled-components';

const Box = styled.section`
  margin-top: 1rem;
  padding: 1rem 1.25rem;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  background: ${theme.colors.surface};
  outline: none;
  h3 { margin: 0 0 0.25rem; font-size: 1.1rem; }
  .verdict { margin: 0 0 0.75rem; font-weight: 700; }
  .passed { color: ${theme.colors.success}; }
  .failed { color: ${theme.colors.danger}; }
  ol { margin: 0 0 1rem; padding-left: 1.25rem; }
  li { margin-bottom: 0.6rem; overflow-wrap: anywhere; }
  .prompt { white-space: pre-line; }
  .right { color: ${theme.colors.success}; font-weight: 700; }
  .wrong { color: ${theme.colors.danger}; font-weight: 700; }
  .why { display: block; color: ${theme.colors.muted}; white-space: pre-line; }
`;

/**
 * A graded attempt: the score, passed or not, and each question right or wrong with its
 * explanation. It takes the focus when it appears, so the verdict is read out.
 */
export function QuizResults({
  title,
  questions,
  result,
  passPercent,
  onRetry,
}: {
  title: string;
  questions: readonly QuizQuestion[];
  result: QuizAttemptResult;
  passPercent: number;
  /** Offered while attempts remain. */
  onRetry?: () => void;
}) {
  const box = useRef<HTMLElement>(null);
  useEffect(() => box.current?.focus(), []);
  const canRetry = onRetry && result.attemptsLeft !== 0;
  return (
    <Box ref={box} tabIndex={-1} aria-labelledby="quiz-result-heading" data-testid="quiz-result">
      <h3 id="quiz-result-heading">{title}</h3>
      <p className="verdict">
        Score: {result.scorePercent}% —{' '}
        {result.passed ? (
          <span className="passed">Passed</span>
        ) : (
          <span className="failed">Not passed (pass mark {passPercent}%)</span>
        )}
      </p>
      <ol>
        {questions.map((question) => {
          const graded = result.results.find((r) => r.questionId === question._id);
          if (!graded) return null;
          return (
            <li key={question._id}>
              <span className="prompt">{question.prompt}</span>{' '}
              {graded.correct ? (
                <span className="right">
                  <span aria-hidden="true">✓</span> Right
                </span>
              ) : (
                <span className="wrong">
                  <span aria-hidden="true">✗</span> Wrong
                </span>
              )}
              {graded.explanation ? <span className="why">{graded.explanation}</span> : null}
            </li>
          );
        })}
      </ol>
      {result.attemptsLeft !== null ? (
        <p>
          {result.attemptsLeft} attempt{result.attemptsLeft === 1 ? '' : 's'} left
        </p>
      ) : null}
      {canRetry ? (
        <Button type="button" $variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </Box>
  );
}
