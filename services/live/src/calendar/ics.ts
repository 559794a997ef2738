import ical, { ICalEventStatus } from 'ical-generator';
import type { SessionDoc } from '../sessions/store.ts';

/** The room page of a class, on the site. */
export const roomPageUrl = (publicUrl: string, sessionId: string) => `${publicUrl}/live/${sessionId}`;

/** A calendar (text/calendar) of classes: one event each, stable across changes (UID), with its room page. */
export function calendarOf(
  sessions: readonly SessionDoc[],
  opts: { name: string; publicUrl: string; now: Date },
): string {
  const calendar = ical({
    name: opts.name,
    prodId: { company: 'LiveEdu', product: 'live-classes', language: 'EN' },
  });
  const host = new URL(opts.publicUrl).hostname || 'liveedu';
  for (const session of sessions) {
    const sessionId = session._id.toHexString();
    const url = roomPageUrl(opts.publicUrl, sessionId);
    calendar.createEvent({
      id: `live-${sessionId}@${host}`,
      sequence: session.revision,
      stamp: opts.now,
      start: session.startsAt,
      end: session.endsAt,
      summary: `${session.title} (${session.courseTitle})`,
      description: [
        session.description,
        `Live class of "${session.courseTitle}" with ${session.tutorName}.`,
        `Join: ${url}`,
      ]
        .filter((line) => line.length > 0)
        .join('\n\n'),
      url,
      status: session.cancelledAt ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
