/** The reads of the player, by course (and item): a write names what it makes stale. */
export const playerKeys = {
  course: (courseId: string, userId: string) => ['learner', 'course', courseId, userId],
  progress: (courseId: string) => ['learner', 'progress', courseId],
  quiz: (courseId: string, itemId: string) => ['learner', 'quiz', courseId, itemId],
  assignment: (courseId: string, itemId: string) => ['learner', 'assignment', courseId, itemId],
  submissions: (courseId: string, itemId: string) => ['learner', 'submissions', courseId, itemId],
  notes: (courseId: string, itemId?: string) =>
    itemId ? ['learner', 'notes', courseId, itemId] : ['learner', 'notes', courseId],
  /** A course's questions: of one item in an order, or (`similar`) matching typed words. */
  questions: (courseId: string, itemId?: string, sort?: string) =>
    ['learner', 'questions', courseId, itemId, sort].filter((part) => part !== undefined),
  similarQuestions: (courseId: string, words: string) => ['learner', 'questions', courseId, 'similar', words],
  /** One question with its answers. */
  question: (questionId: string) => ['learner', 'question', questionId],
  announcements: (courseId: string) => ['learner', 'announcements', courseId],
  /** The certificates page reads the same list. */
  certificates: ['learner', 'certificates'],
};
