/** What a tutor reads of a quiz's figures: rates and the wrong answer most chosen. No I/O. */
import type { Question } from '../quizzes/domain.ts';

export interface QuestionCounts {
  answered: number;
  correct: number;
  /** Times each wrong option was chosen, by option id. */
  wrong: Record<string, number>;
}

export interface QuizCounts {
  attempts: number;
  passes: number;
  scoreSum: number;
  questions: Record<string, QuestionCounts>;
}

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((100 * part) / whole));

/** A quiz's figures, its questions in the quiz's order (a question nobody answered yet shows zeros). */
export function quizFigures(questions: readonly Question[], counts: QuizCounts | undefined) {
  const attempts = counts?.attempts ?? 0;
  return {
    attempts,
    passRatePercent: percent(counts?.passes ?? 0, attempts),
    averageScorePercent: attempts === 0 ? 0 : Math.round((counts?.scoreSum ?? 0) / attempts),
    questions: questions.map((question) => {
      const mine = counts?.questions[question._id];
      const answered = mine?.answered ?? 0;
      let mostChosenWrong: { optionId: string; text: string; count: number } | null = null;
      for (const option of question.options) {
        const count = mine?.wrong[option._id] ?? 0;
        if (count > 0 && count > (mostChosenWrong?.count ?? 0)) {
          mostChosenWrong = { optionId: option._id, text: option.text, count };
        }
      }
      return {
        questionId: question._id,
        prompt: question.prompt,
        answered,
        correctPercent: percent(mine?.correct ?? 0, answered),
        mostChosenWrong,
      };
    }),
  };
}
