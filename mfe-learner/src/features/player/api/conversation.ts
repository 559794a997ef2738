import { TooManyPostsError } from '@liveedu/api-client';

/** A second of a video as `mm:ss` (`02:15`), or `h:mm:ss` past the hour: how a question names its moment. */
export function momentOf(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const mm = String(Math.floor((total % 3600) / 60)).padStart(2, '0');
  const ss = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** The shortest and longest question title the server takes. */
export const TITLE_MIN = 5;
export const TITLE_LIMIT = 200;
/** The longest question, answer or announcement body. */
export const BODY_LIMIT = 5000;
/** How many characters of a title are typed before similar questions are looked up. */
export const SIMILAR_FROM = 3;
/** How long the typing pauses before similar questions are looked up. */
export const SIMILAR_AFTER_MS = 300;

/** Why a post was refused, as the learner reads it: posting too fast says how long to wait. */
export function postingError(error: unknown): string {
  if (error instanceof TooManyPostsError) {
    const wait = error.retryAfterSec;
    if (wait !== null)
      return `You are posting too fast, try again in ${wait} ${wait === 1 ? 'second' : 'seconds'}`;
    return 'You are posting too fast, try again in a moment';
  }
  return error instanceof Error ? error.message : String(error);
}
