import type { CourseAnalytics, QuizFigures as Figures } from '@liveedu/api-client';
import { useApiQuery } from '@liveedu/query';
import { type Column, DataTable, ErrorState, theme } from '@liveedu/ui';
import { useId } from 'react';
import styled from 'styled-components';
import { LEARNING_KEYS, orNone } from '../../../shared/api/or-none.ts';
import { useTutorLearningApi } from '../../../shared/hooks/learning-api.ts';

type QuestionFigures = Figures['questions'][number];

const Box = styled.section`
  border-top: 1px solid ${theme.colors.border};
  padding-top: 0.75rem;
  min-width: 0;
  h3 { font-size: 1.05rem; margin: 0 0 0.5rem; overflow-wrap: anywhere; }
  dl { display: flex; flex-wrap: wrap; gap: 0.5rem 1.5rem; margin: 0 0 0.75rem; }
  dl div { display: flex; gap: 0.35rem; }
  dt { color: ${theme.colors.muted}; font-weight: 600; }
  dd { margin: 0; font-weight: 700; }
  td:first-child { overflow-wrap: anywhere; min-width: 10rem; }
`;

const COLUMNS: Column<QuestionFigures>[] = [
  { header: 'Question', cell: (q) => q.prompt },
  {
    header: 'Answered correctly',
    cell: (q) => (q.answered === 0 ? 'Not answered yet' : `${q.correctPercent}% of ${q.answered}`),
  },
  {
    header: 'Most chosen wrong answer',
    cell: (q) => (q.mostChosenWrong ? `${q.mostChosenWrong.text} (${q.mostChosenWrong.count}×)` : '—'),
  },
];

/** One item's quiz as its students answer it; nothing when the item has no quiz. */
function ItemQuizFigures({ courseId, itemId, title }: { courseId: string; itemId: string; title: string }) {
  const api = useTutorLearningApi();
  const id = useId();
  const figures = useApiQuery(LEARNING_KEYS.quizFigures(courseId, itemId), (signal) =>
    orNone(api.quizFigures(courseId, itemId, signal)),
  );
  if (figures.status === 'loading') return null;
  if (figures.status === 'error')
    return <ErrorState message={`${title}: ${figures.error}`} onRetry={figures.reload} />;
  const quiz = figures.data;
  if (!quiz) return null;
  const name = quiz.on === 'video' ? `Questions in the video ${title}` : `Answers to ${title}`;
  return (
    <Box aria-labelledby={`${id}-title`} data-testid="quiz-figures">
      <h3 id={`${id}-title`}>{name}</h3>
      <dl>
        <div>
          <dt>Attempts</dt>
          <dd>{quiz.attempts}</dd>
        </div>
        <div>
          <dt>Pass rate</dt>
          <dd>{quiz.passRatePercent}%</dd>
        </div>
        <div>
          <dt>Average score</dt>
          <dd>{quiz.averageScorePercent}%</dd>
        </div>
      </dl>
      <DataTable
        caption={`${name}, question by question`}
        columns={COLUMNS}
        rows={quiz.questions}
        rowKey={(q) => q.questionId}
        emptyText="This quiz has no questions."
      />
    </Box>
  );
}

type AnalyticsItem = CourseAnalytics['items'][number];

/** Only a quiz item or a video has questions; an item of unknown kind (older answers) is a video. */
const mayHaveQuiz = (item: AnalyticsItem) => {
  const { kind } = item as { kind?: unknown };
  return kind === undefined || kind === 'quiz' || kind === 'video';
};

/**
 * Beside the drop-off of each item, for the items with a quiz (quiz items, videos with questions):
 * attempts, pass rate and average score, and per question the share answering rightly and the
 * wrong option most chosen. Titles are numbered as in the drop-off chart.
 */
export function QuizFiguresList({ courseId, items }: { courseId: string; items: AnalyticsItem[] }) {
  return (
    <>
      {items.map((item, i) =>
        mayHaveQuiz(item) ? (
          <ItemQuizFigures
            key={item.itemId}
            courseId={courseId}
            itemId={item.itemId}
            title={`${i + 1}. ${item.videoTitle}`}
          />
        ) : null,
      )}
    </>
  );
}
