import { LEARNING_QUIZ_ATTEMPTED, type LearningQuizAttempted } from '@liveedu/contracts';
import type { EventHandler } from '@liveedu/service-kit';
import { countAttempt } from './store.ts';

/** Counts each attempt into its quiz's figures. */
export const onQuizAttempted: EventHandler<LearningQuizAttempted> = {
  event: LEARNING_QUIZ_ATTEMPTED,
  name: 'on-quiz-attempted',
  async handle(event, { db }) {
    await countAttempt(db, event.id, event.data);
  },
};
