/** The reads of the player, by course (and item): a write names what it makes stale. */
export const playerKeys = {
  course: (courseId: string, userId: string) => ['learner', 'course', courseId, userId],
  progress: (courseId: string) => ['learner', 'progress', courseId],
  quiz: (courseId: string, itemId: string) => ['learner', 'quiz', courseId, itemId],
  assignment: (courseId: string, itemId: string) => ['learner', 'assignment', courseId, itemId],
  submissions: (courseId: string, itemId: string) => ['learner', 'submissions', courseId, itemId],
  notes: (courseId: string, itemId?: string) =>
    itemId ? ['learner', 'notes', courseId, itemId] : ['learner', 'notes', courseId],
  /** The certificates page reads the same list. */
  certificates: ['learner', 'certificates'],
};
