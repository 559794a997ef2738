import { messageOf, TooManyPostsError } from '@liveedu/api-client';
import { waitInWords } from '@liveedu/ui';

/** "try again in 3 hours 20 minutes" from the server's wait, or "try again later" when it gave none. */
export function tryAgainIn(error: TooManyPostsError): string {
  return error.retryAfterSec === null
    ? 'try again later'
    : `try again in ${waitInWords(error.retryAfterSec)}`;
}

/** What a refused post says: the server's message, or for too many posts, when to try again. */
export function postProblem(error: unknown): string {
  if (error instanceof TooManyPostsError) return `You are posting too often; ${tryAgainIn(error)}`;
  return messageOf(error);
}
