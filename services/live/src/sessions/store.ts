import {
  type CallerIdentity,
  LIVE_SESSION_CANCELLED,
  LIVE_SESSION_SCHEDULED,
  type LiveClassNamed,
} from '@liveedu/contracts';
import { isDuplicateKey, newEvent, type Outbox, storedCollection } from '@liveedu/service-kit';
import { type Db, ObjectId } from 'mongodb';
import type { LiveReminderLead } from '../reminders/domain.ts';
import { endsAtOf } from './domain.ts';

/** A course's live class. */
export interface SessionDoc {
  _id: ObjectId;
  courseId: string;
  courseTitle: string;
  tutorId: string;
  tutorName: string;
  title: string;
  description: string;
  startsAt: Date;
  durationMin: number;
  endsAt: Date;
  cancelledAt: Date | null;
  /** The lecture made from the class's recording. */
  recording: { videoId: string; itemId: string } | null;
  /** Reminders sent (or settled) for the current start time. */
  remindedLeads: LiveReminderLead[];
  /** Users the host removed: refused a new token. */
  removed: string[];
  /** Raised by every change: the calendar entry's SEQUENCE. */
  revision: number;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * The classes of a course (`course:<id>`) and of a tutor (`tutor:<id>`) by id, one document per
 * owner: lists are read by key, never by a filter over all classes (the embedded database would
 * scan them). A cancelled class leaves both.
 */
export interface ScheduleDoc {
  _id: string;
  sessionIds: string[];
}

export const SESSIONS = storedCollection<SessionDoc>('sessions');
export const SCHEDULES = storedCollection<ScheduleDoc>('schedules');

export const courseKey = (courseId: string) => `course:${courseId}`;
export const tutorKey = (tutorId: string) => `tutor:${tutorId}`;

/** The fields a tutor sets. */
export interface SessionInput {
  title: string;
  startsAt: Date;
  durationMin: number;
  description: string;
}

export const sessionOid = (sessionId: string) => new ObjectId(sessionId.toLowerCase());

export function findSession(db: Db, sessionId: string): Promise<SessionDoc | null> {
  return SESSIONS.in(db).findOne({ _id: sessionOid(sessionId) });
}

/** The classes the owners' schedules list (cancelled ones are no longer listed). */
export async function scheduledSessions(db: Db, owners: readonly string[]): Promise<SessionDoc[]> {
  if (owners.length === 0) return [];
  const schedules = await SCHEDULES.in(db)
    .find({ _id: { $in: [...owners] } })
    .toArray();
  const ids = [...new Set(schedules.flatMap((s) => s.sessionIds))];
  if (ids.length === 0) return [];
  return SESSIONS.in(db)
    .find({ _id: { $in: ids.map((id) => new ObjectId(id)) } })
    .toArray();
}

async function list(db: Db, owner: string, sessionId: string) {
  try {
    await SCHEDULES.in(db).updateOne(
      { _id: owner },
      { $addToSet: { sessionIds: sessionId } },
      { upsert: true },
    );
  } catch (error) {
    // Two first classes of one owner at once: the other made the document; add again.
    if (!isDuplicateKey(error)) throw error;
    await SCHEDULES.in(db).updateOne({ _id: owner }, { $addToSet: { sessionIds: sessionId } });
  }
}

/** The class as every event of the live service names it. */
export const liveClassNamed = (doc: SessionDoc): LiveClassNamed => ({
  sessionId: doc._id.toHexString(),
  courseId: doc.courseId,
  courseTitle: doc.courseTitle,
  tutorId: doc.tutorId,
  title: doc.title,
  startsAt: doc.startsAt.toISOString(),
});

const scheduledData = (doc: SessionDoc, rescheduled: boolean) => ({
  ...liveClassNamed(doc),
  durationMin: doc.durationMin,
  rescheduled,
});

/** Stores a new class with the event that tells the course's students, and lists it. */
export async function scheduleSession(
  db: Db,
  outbox: Outbox,
  who: CallerIdentity,
  course: { courseId: string; courseTitle: string },
  input: SessionInput,
  now: Date,
): Promise<SessionDoc> {
  const doc: SessionDoc = {
    _id: new ObjectId(),
    courseId: course.courseId,
    courseTitle: course.courseTitle,
    tutorId: who.userId,
    tutorName: who.username,
    ...input,
    endsAt: endsAtOf(input.startsAt, input.durationMin),
    cancelledAt: null,
    recording: null,
    remindedLeads: [],
    removed: [],
    revision: 0,
    createdAt: now,
    updatedAt: now,
  };
  const id = doc._id.toHexString();
  await outbox.insertOne<SessionDoc>(SESSIONS.collection, doc, [
    newEvent(LIVE_SESSION_SCHEDULED, scheduledData(doc, false), { id: `live-scheduled:${id}` }),
  ]);
  await list(db, courseKey(doc.courseId), id);
  await list(db, tutorKey(doc.tutorId), id);
  return doc;
}

/**
 * Changes a class that has not ended and was not cancelled (the filter checks both at the write),
 * with the event that tells the students it moved; a new start time makes its reminders due
 * again. null when it ended or was cancelled meanwhile.
 */
export async function rescheduleSession(
  outbox: Outbox,
  session: SessionDoc,
  input: SessionInput,
  now: Date,
): Promise<SessionDoc | null> {
  const moved = input.startsAt.getTime() !== session.startsAt.getTime();
  const next: SessionDoc = {
    ...session,
    ...input,
    endsAt: endsAtOf(input.startsAt, input.durationMin),
    remindedLeads: moved ? [] : session.remindedLeads,
    revision: session.revision + 1,
    updatedAt: now,
  };
  const id = session._id.toHexString();
  const updated = await outbox.updateOne<SessionDoc>(
    SESSIONS.collection,
    { _id: session._id, cancelledAt: null, endsAt: { $gt: now }, revision: session.revision },
    {
      $set: {
        title: next.title,
        description: next.description,
        startsAt: next.startsAt,
        durationMin: next.durationMin,
        endsAt: next.endsAt,
        remindedLeads: next.remindedLeads,
        revision: next.revision,
        updatedAt: now,
      },
    },
    [
      newEvent(LIVE_SESSION_SCHEDULED, scheduledData(next, true), {
        id: `live-rescheduled:${id}:${next.revision}`,
      }),
    ],
  );
  return updated.matchedCount === 1 ? next : null;
}

/** Cancels a class that has not ended, with the event that tells its students; false if it had ended or was cancelled. */
export async function cancelSession(
  db: Db,
  outbox: Outbox,
  session: SessionDoc,
  now: Date,
): Promise<boolean> {
  const id = session._id.toHexString();
  const updated = await outbox.updateOne<SessionDoc>(
    SESSIONS.collection,
    { _id: session._id, cancelledAt: null, endsAt: { $gt: now } },
    { $set: { cancelledAt: now, updatedAt: now }, $inc: { revision: 1 } },
    [newEvent(LIVE_SESSION_CANCELLED, liveClassNamed(session), { id: `live-cancelled:${id}` })],
  );
  if (updated.matchedCount !== 1) return false;
  await SCHEDULES.in(db).updateMany(
    { _id: { $in: [courseKey(session.courseId), tutorKey(session.tutorId)] } },
    { $pull: { sessionIds: id } },
  );
  return true;
}

/** Names the lecture made from the class's recording. */
export async function setRecording(
  db: Db,
  session: SessionDoc,
  recording: { videoId: string; itemId: string },
  now: Date,
): Promise<SessionDoc> {
  await SESSIONS.in(db).updateOne({ _id: session._id }, { $set: { recording, updatedAt: now } });
  return { ...session, recording, updatedAt: now };
}
