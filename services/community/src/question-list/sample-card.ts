import type { QuestionCard } from './domain.ts';

/** A question card for the read model's tests: the fields given, the rest plain. */
export function card(id: string, fields: Partial<QuestionCard> = {}): QuestionCard {
  return {
    slot: -1,
    id,
    courseId: 'course',
    courseTitle: 'Course',
    tutorId: 'tutor',
    itemId: null,
    atSec: null,
    title: `Question ${id}`,
    excerpt: '',
    authorId: 'asker',
    authorName: 'asker',
    byInstructor: false,
    createdAt: 0,
    editedAt: null,
    upvotes: 0,
    answerCount: 0,
    acceptedAnswerId: null,
    instructorAnswered: false,
    hidden: false,
    ...fields,
  };
}
