/** The longest reply a tutor may write under a review, in characters. */
export const MAX_REPLY_LENGTH = 1_000;
