import { type LearnerQuiz, messageOf, type QuizAttemptResult } from '@liveedu/api-client';
import { useApiMutation } from '@liveedu/query';
import { Banner, Button, EmptyState, flatPanel, ResourceView, theme } from '@liveedu/ui';
import { type FormEvent, useState } from 'react';
import styled from 'styled-components';
import { playerKeys } from '../api/keys.ts';
import { answersOf, attemptsText, type Choice, NO_CHOICE } from '../api/quiz.ts';
import { useItemQuiz } from '../hooks/use-item-quiz.ts';
import { useLearningApi } from '../hooks/use-learning-api.ts';
import { QuestionFields } from './question-fields.tsx';
import { QuizResults } from './quiz-results.tsx';

const Panel = styled.section`
  ${flatPanel}
  padding: 1.25rem;
  h2 { margin: 0 0 0.5rem; font-size: 1.25rem; overflow-wrap: anywhere; }
  dl { display: flex; flex-wrap: wrap; gap: 0.25rem 1.5rem; margin: 0 0 1rem; color: ${theme.colors.muted}; }
  dt { display: inline; font-weight: 600; }
  dd { display: inline; margin: 0 0 0 0.35rem; }
`;

/** What the quiz says of the learner's attempts so far. */
function Standing({ quiz }: { quiz: LearnerQuiz }) {
  const { mine } = quiz;
  return (
    <dl>
      <div>
        <dt>Pass mark</dt>
        <dd>{quiz.passPercent}%</dd>
      </div>
      <div>
        <dt>Attempts</dt>
        <dd>{attemptsText(mine.attempts, mine.attemptsLeft)}</dd>
      </div>
      <div>
        <dt>Best score</dt>
        <dd>{mine.bestScorePercent === null ? '—' : `${mine.bestScorePercent}%`}</dd>
      </div>
      {mine.passed ? (
        <div>
          <dt>Status</dt>
          <dd>Passed</dd>
        </div>
      ) : null}
    </dl>
  );
}

function Quiz({
  quiz,
  courseId,
  itemId,
  title,
  onPassed,
}: {
  quiz: LearnerQuiz;
  courseId: string;
  itemId: string;
  title: string;
  onPassed: () => void;
}) {
  const api = useLearningApi();
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const [result, setResult] = useState<QuizAttemptResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const attempt = useApiMutation(
    (answers: ReturnType<typeof answersOf>) => api.attemptQuiz(courseId, itemId, answers),
    { invalidates: [playerKeys.quiz(courseId, itemId)] },
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const graded = await attempt.mutateAsync(answersOf(quiz.questions, choices));
      setResult(graded);
      if (graded.passed) onPassed();
    } catch (e) {
      setError(messageOf(e));
    }
  };

  const again = () => {
    setResult(null);
    setChoices({});
  };

  if (result) {
    return (
      <QuizResults
        title="Your result"
        questions={quiz.questions}
        result={result}
        passPercent={quiz.passPercent}
        onRetry={again}
      />
    );
  }
  if (quiz.mine.attemptsLeft === 0) {
    return <Banner tone="warning">No attempts left at this quiz.</Banner>;
  }
  return (
    <form onSubmit={submit} aria-label={`Answer ${title}`}>
      {error ? <Banner tone="error">{error}</Banner> : null}
      {quiz.questions.map((question, i) => (
        <QuestionFields
          key={question._id}
          name="quiz"
          question={question}
          number={i + 1}
          choice={choices[question._id] ?? NO_CHOICE}
          onChange={(choice) => setChoices((all) => ({ ...all, [question._id]: choice }))}
          disabled={attempt.isPending}
        />
      ))}
      <Button type="submit" disabled={attempt.isPending}>
        {attempt.isPending ? 'Submitting…' : 'Submit answers'}
      </Button>
    </form>
  );
}

/** A quiz item: its questions, the learner's attempts and best score, and each attempt graded. */
export function QuizView({
  courseId,
  itemId,
  title,
  headingId = 'lesson-title',
  onPassed,
}: {
  courseId: string;
  itemId: string;
  title: string;
  /** Its heading's id, unique on the page. */
  headingId?: string;
  /** The learner passed: the item is completed a moment later. */
  onPassed: () => void;
}) {
  const quiz = useItemQuiz(courseId, itemId);
  return (
    <Panel aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <ResourceView resource={quiz} loading="Loading quiz…">
        {(data) =>
          data && data.questions.length > 0 ? (
            <>
              <Standing quiz={data} />
              <Quiz quiz={data} courseId={courseId} itemId={itemId} title={title} onPassed={onPassed} />
            </>
          ) : (
            <EmptyState message="This quiz has no questions yet." />
          )
        }
      </ResourceView>
    </Panel>
  );
}
