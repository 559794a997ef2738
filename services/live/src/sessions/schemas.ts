import { ObjectIdString, RuledString, Type, WrittenText } from '@liveedu/service-kit';
import { DESCRIPTION_MAX, DURATION_MIN, TITLE } from './domain.ts';

const titleRule = `A title must be ${TITLE.min} to ${TITLE.max} characters`;
const durationRule = `durationMin must be a whole number of minutes from ${DURATION_MIN.min} to ${DURATION_MIN.max}`;

/** What a tutor sends to schedule or change a class. */
export const SessionBody = Type.Object(
  {
    title: WrittenText({ min: TITLE.min, max: TITLE.max }, titleRule),
    startsAt: RuledString(
      [
        {
          format: 'date-time',
          maxLength: 40,
          message: 'startsAt must be a date and time (ISO 8601, e.g. 2030-01-31T18:30:00Z)',
        },
      ],
      { description: 'ISO time in the future, at most 180 days ahead' },
    ),
    durationMin: Type.Integer({
      minimum: DURATION_MIN.min,
      maximum: DURATION_MIN.max,
      errorMessage: durationRule,
    }),
    description: Type.Optional(
      Type.String({
        maxLength: DESCRIPTION_MAX,
        errorMessage: `A description must be at most ${DESCRIPTION_MAX} characters`,
      }),
    ),
  },
  { additionalProperties: false },
);

export const CourseParams = Type.Object({ courseId: ObjectIdString });
export const SessionParams = Type.Object({ sessionId: ObjectIdString });
