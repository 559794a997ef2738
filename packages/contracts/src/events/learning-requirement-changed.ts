import type { IntegrationEvent } from '../event.ts';

export const LEARNING_REQUIREMENT_CHANGED = 'learning.requirement.changed';

/**
 * The tutor saved an item's quiz or assignment: whether a certificate now needs it passed. The
 * catalog keeps the latest for each item (`version` orders saves of the same item).
 */
export interface LearningRequirementChangedData {
  courseId: string;
  itemId: string;
  required: boolean;
  /** Grows with every save of the item's quiz or assignment. */
  version: number;
}

export type LearningRequirementChanged = IntegrationEvent<
  typeof LEARNING_REQUIREMENT_CHANGED,
  LearningRequirementChangedData
>;
