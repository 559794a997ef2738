import type { QuestionInList } from '@liveedu/api-client';

/** A moment of a lesson's video: "2:05", "1:02:03". */
export function momentOf(atSec: number): string {
  const s = Math.max(0, Math.floor(atSec));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = String(s % 60).padStart(2, '0');
  return hours ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** Where the question was asked, in the player: its item and moment, with the question open. */
export function lessonLink(
  question: Pick<QuestionInList, '_id' | 'courseId' | 'itemId' | 'atSec'>,
  userId: string,
) {
  const query = new URLSearchParams();
  if (question.itemId) query.set('item', question.itemId);
  if (question.itemId && question.atSec !== null) query.set('t', String(question.atSec));
  query.set('question', question._id);
  return `/learn/${question.courseId}/user/${userId}?${query}`;
}

/** "No answers yet", "1 answer", "3 answers". */
export const answerCount = (n: number) => (n === 0 ? 'No answers yet' : `${n} answer${n === 1 ? '' : 's'}`);
