import { HAS_TEXT, ObjectIdString, RuledString, Type } from '@liveedu/service-kit';
import { BODY_MAX, TITLE_MAX, TITLE_MIN } from './domain.ts';

/** The fields posts are written with, each refused with a message a person can act on. */
export const Title = RuledString([
  {
    minLength: TITLE_MIN,
    pattern: HAS_TEXT,
    message: `A title must be ${TITLE_MIN} to ${TITLE_MAX} characters`,
  },
  { maxLength: TITLE_MAX, message: `A title must be ${TITLE_MIN} to ${TITLE_MAX} characters` },
]);
export const Body = RuledString([
  { minLength: 1, pattern: HAS_TEXT, message: 'Write something first' },
  { maxLength: BODY_MAX, message: `A post must be at most ${BODY_MAX.toLocaleString('en-IN')} characters` },
]);
export const QuestionParams = Type.Object({ questionId: ObjectIdString });
export const AnswerParams = Type.Object({ questionId: ObjectIdString, answerId: ObjectIdString });
export const CourseParams = Type.Object({ courseId: ObjectIdString });
