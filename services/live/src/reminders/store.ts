import { LIVE_SESSION_REMINDER } from '@liveedu/contracts';
import { newEvent, type Outbox, storedCollection } from '@liveedu/service-kit';
import { type Db, ObjectId } from 'mongodb';
import { liveClassNamed, SESSIONS, type SessionDoc } from '../sessions/store.ts';
import { dueLead, type LiveReminderLead, leadsSettledBy, nextReminderAt } from './domain.ts';

/**
 * The classes with a reminder still to send, each with the time the next one falls due: the sweep
 * reads only these (a small collection: classes of the coming months), never all classes.
 */
export interface ReminderDoc {
  _id: string;
  dueAt: Date;
}

export const REMINDERS = storedCollection<ReminderDoc>('reminders', [{ key: { dueAt: 1 }, name: 'by_due' }]);

/** Most classes one sweep looks at; the next sweep takes the rest. */
const SWEEP_BATCH = 200;

/** Puts the class's next reminder in the queue (or takes it out when none is left to send). */
export async function planReminders(
  db: Db,
  session: Pick<SessionDoc, '_id' | 'startsAt' | 'remindedLeads' | 'cancelledAt'>,
): Promise<void> {
  const id = session._id.toHexString();
  const dueAt = session.cancelledAt ? null : nextReminderAt(session.startsAt, session.remindedLeads);
  if (dueAt) await REMINDERS.in(db).updateOne({ _id: id }, { $set: { dueAt } }, { upsert: true });
  else await REMINDERS.in(db).deleteOne({ _id: id });
}

/**
 * Sends one reminder: the write that records it on the class carries its event, and is guarded
 * on the lead not being recorded yet and on the start it was worked out for, so of two sweeps
 * (two replicas) at once only one sends it.
 */
async function sendReminder(outbox: Outbox, session: SessionDoc, lead: LiveReminderLead): Promise<boolean> {
  const id = session._id.toHexString();
  const sent = await outbox.updateOne<SessionDoc>(
    SESSIONS.collection,
    { _id: session._id, cancelledAt: null, startsAt: session.startsAt, remindedLeads: { $ne: lead } },
    { $addToSet: { remindedLeads: { $each: leadsSettledBy(lead) } } },
    [
      newEvent(
        LIVE_SESSION_REMINDER,
        { ...liveClassNamed(session), lead },
        { id: `live-reminder:${id}:${session.startsAt.getTime()}:${lead}` },
      ),
    ],
  );
  return sent.modifiedCount === 1;
}

/** Sends the reminders due at `now`, once each however many sweeps run at once; how many were sent. */
export async function sendDueReminders(db: Db, outbox: Outbox, now: Date): Promise<number> {
  const due = await REMINDERS.in(db)
    .find({ dueAt: { $lte: now } })
    .limit(SWEEP_BATCH)
    .toArray();
  let sent = 0;
  for (const entry of due) {
    const session = await SESSIONS.in(db).findOne({ _id: new ObjectId(entry._id) });
    if (!session) {
      await REMINDERS.in(db).deleteOne({ _id: entry._id });
      continue;
    }
    const lead = dueLead(session, session.remindedLeads, now);
    if (lead && (await sendReminder(outbox, session, lead))) sent += 1;
    const after = await SESSIONS.in(db).findOne({ _id: session._id });
    // Started, cancelled or all sent: nothing left; otherwise the next lead's time.
    if (after && after.startsAt.getTime() > now.getTime()) await planReminders(db, after);
    else await REMINDERS.in(db).deleteOne({ _id: entry._id });
  }
  return sent;
}
