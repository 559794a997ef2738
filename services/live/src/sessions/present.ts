import { Type } from '@liveedu/service-kit';
import { joinOpensAtOf, stateOf } from './domain.ts';
import type { SessionDoc } from './store.ts';

const Iso = (description: string) => Type.String({ format: 'date-time', description });

/** A live class as the API answers it. */
export const Session = Type.Object({
  _id: Type.String(),
  courseId: Type.String(),
  courseTitle: Type.String(),
  tutorId: Type.String(),
  tutorName: Type.String(),
  title: Type.String(),
  description: Type.String({ description: 'May be empty' }),
  startsAt: Iso('When the class starts'),
  durationMin: Type.Integer(),
  endsAt: Iso('startsAt + durationMin'),
  joinOpensAt: Iso('10 minutes before startsAt: joining opens'),
  state: Type.Union(
    [
      Type.Literal('upcoming'),
      Type.Literal('open'),
      Type.Literal('live'),
      Type.Literal('ended'),
      Type.Literal('cancelled'),
    ],
    { description: 'open: joining has opened before the start; live: from the start until the end' },
  ),
  recording: Type.Union([Type.Object({ videoId: Type.String(), itemId: Type.String() }), Type.Null()], {
    description: 'The lecture made from the recording, once there is one',
  }),
});

export function presentSession(doc: SessionDoc, now: Date) {
  return {
    _id: doc._id.toHexString(),
    courseId: doc.courseId,
    courseTitle: doc.courseTitle,
    tutorId: doc.tutorId,
    tutorName: doc.tutorName,
    title: doc.title,
    description: doc.description,
    startsAt: doc.startsAt.toISOString(),
    durationMin: doc.durationMin,
    endsAt: doc.endsAt.toISOString(),
    joinOpensAt: joinOpensAtOf(doc.startsAt).toISOString(),
    state: stateOf(doc, now),
    recording: doc.recording,
  };
}
