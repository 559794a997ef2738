import type { SubmissionGrade, TutorSubmission } from '@liveedu/api-client';

export interface GradeDraft {
  /** As typed in the numeric input. */
  score: string;
  passed: boolean;
  feedback: string;
}

export const FEEDBACK_LIMIT = 10_000;

/** A pending hand-in's form starts empty; a graded one's shows its grade, to change. */
export function draftFromSubmission(submission: TutorSubmission): GradeDraft {
  return {
    score: submission.score === undefined ? '' : String(submission.score),
    passed: submission.passed ?? false,
    feedback: submission.feedback ?? '',
  };
}

/** What the form cannot send as it is. */
export function gradeProblem(draft: GradeDraft): string | null {
  const score = draft.score.trim();
  if (!/^\d+$/.test(score) || Number(score) > 100) return 'The score is a whole number from 0 to 100';
  if (draft.feedback.length > FEEDBACK_LIMIT) {
    return `Feedback must be at most ${FEEDBACK_LIMIT.toLocaleString('en-US')} characters`;
  }
  return null;
}

export const toGrade = (draft: GradeDraft): SubmissionGrade => ({
  score: Number(draft.score),
  passed: draft.passed,
  feedback: draft.feedback,
});

/** "2.4 MB", "320 kB", "12 bytes". */
export function fileSize(bytes: number): string {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  if (bytes >= 1_000) return `${Math.round(bytes / 1_000)} kB`;
  return `${bytes} bytes`;
}
