import { ObjectIdString, Type, WrittenText } from '@liveedu/service-kit';
import { BODY_MAX, TITLE_MAX, TITLE_MIN } from './domain.ts';

/** The fields posts are written with, each refused with a message a person can act on. */
export const Title = WrittenText(
  { min: TITLE_MIN, max: TITLE_MAX },
  `A title must be ${TITLE_MIN} to ${TITLE_MAX} characters`,
);
export const Body = WrittenText(
  { max: BODY_MAX },
  'Write something first',
  `A post must be at most ${BODY_MAX.toLocaleString('en-IN')} characters`,
);
export const QuestionParams = Type.Object({ questionId: ObjectIdString });
export const AnswerParams = Type.Object({ questionId: ObjectIdString, answerId: ObjectIdString });
export const CourseParams = Type.Object({ courseId: ObjectIdString });
