import type { IntegrationEvent } from '../event.ts';

export const LEARNING_ITEM_PASSED = 'learning.item.passed';

/**
 * A student passed an item's quiz or assignment, for the first time: the catalog marks the item
 * passed in their progress. Published once per student and item.
 */
export interface LearningItemPassedData {
  studentId: string;
  courseId: string;
  itemId: string;
  /** What was passed: the item's quiz (also an in-video quiz) or its assignment. */
  by: 'quiz' | 'assignment';
  passedAt: string;
}

export type LearningItemPassed = IntegrationEvent<typeof LEARNING_ITEM_PASSED, LearningItemPassedData>;
