import { isDuplicateKey, keyedList, storedCollection } from '@liveedu/service-kit';
import type { Db } from 'mongodb';
import type { AttendanceEvent } from './domain.ts';

/** One participant's joined and left reports in one class, keyed `<sessionId>:<userId>`. */
export interface AttendeeDoc {
  _id: string;
  sessionId: string;
  userId: string;
  username: string;
  joins: Date[];
  leaves: Date[];
  /** The media server's webhook event ids already counted: each counts once. */
  eventIds: string[];
}

export const ATTENDEES = storedCollection<AttendeeDoc>('attendees', [
  // A deleted user's rows go with the account.
  { key: { userId: 1 }, name: 'by_user' },
]);

/** Who came to each class, by key (`session_attendees`): the attendance list reads no filter. */
export const sessionAttendees = (db: Db) => keyedList(db, 'session_attendees');

export const attendeeId = (sessionId: string, userId: string) => `${sessionId}:${userId}`;

/**
 * Adds one report to the participant's record, once per webhook event id however often it is
 * delivered: the update is guarded on the id not being counted yet. false for a repeat.
 */
export async function recordPresence(
  db: Db,
  report: {
    sessionId: string;
    userId: string;
    username: string;
    eventId: string;
    kind: AttendanceEvent;
    at: Date;
  },
): Promise<boolean> {
  const attendees = ATTENDEES.in(db);
  const _id = attendeeId(report.sessionId, report.userId);
  try {
    await attendees.updateOne(
      { _id },
      {
        $setOnInsert: {
          sessionId: report.sessionId,
          userId: report.userId,
          joins: [],
          leaves: [],
          eventIds: [],
        },
        $set: { username: report.username },
      },
      { upsert: true },
    );
  } catch (error) {
    // Two first reports at once: the other made the record.
    if (!isDuplicateKey(error)) throw error;
  }
  const field = report.kind === 'participant_joined' ? 'joins' : 'leaves';
  const counted = await attendees.updateOne(
    { _id, eventIds: { $ne: report.eventId } },
    { $push: { [field]: report.at, eventIds: report.eventId } },
  );
  if (counted.modifiedCount !== 1) return false;
  await sessionAttendees(db).add(report.sessionId, report.userId);
  return true;
}

/** The records of everyone who came to the class, read by key. */
export async function attendeesOf(db: Db, sessionId: string): Promise<AttendeeDoc[]> {
  const { ids } = await sessionAttendees(db).page(sessionId, 0, 10_000);
  if (ids.length === 0) return [];
  return ATTENDEES.in(db)
    .find({ _id: { $in: ids.map((userId) => attendeeId(sessionId, userId)) } })
    .toArray();
}

/** A deleted user's attendance goes with the account. */
export async function forgetAttendee(db: Db, userId: string): Promise<void> {
  const rows = await ATTENDEES.in(db)
    .find({ userId }, { projection: { sessionId: 1 } })
    .toArray();
  for (const row of rows) await sessionAttendees(db).remove(row.sessionId, userId);
  await ATTENDEES.in(db).deleteMany({ userId });
}
