import { LIVE_SESSION_LIMITS, type LiveSession, type LiveSessionBody } from '@liveedu/api-client';
import { localDateTime } from '@liveedu/ui';

/** The live class form as typed: the start as a date and a time in the tutor's own time zone. */
export interface LiveClassDraft {
  title: string;
  /** `YYYY-MM-DD`, local. */
  date: string;
  /** `HH:MM`, local. */
  time: string;
  durationMin: string;
  description: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const { titleMin, titleMax, durationMin, durationMax, descriptionMax, daysAhead } = LIVE_SESSION_LIMITS;

/** A new class: tomorrow at the next whole hour, for an hour. */
export function emptyLiveClassDraft(now: number = Date.now()): LiveClassDraft {
  const start = new Date(now + DAY_MS);
  start.setMinutes(0, 0, 0);
  start.setHours(start.getHours() + 1);
  const [date = '', time = ''] = localDateTime(start).split('T');
  return { title: '', date, time, durationMin: '60', description: '' };
}

/** A scheduled class in the form, its start in the tutor's time zone. */
export function draftFromSession(session: LiveSession): LiveClassDraft {
  const [date = '', time = ''] = localDateTime(new Date(session.startsAt)).split('T');
  return {
    title: session.title,
    date,
    time,
    durationMin: String(session.durationMin),
    description: session.description,
  };
}

/** The start the tutor chose, read in their own time zone; null when the date or time is not one. */
export function startOf(draft: LiveClassDraft): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.date) || !/^\d{2}:\d{2}$/.test(draft.time)) return null;
  const start = new Date(`${draft.date}T${draft.time}`);
  return Number.isNaN(start.getTime()) ? null : start;
}

/** What the server would refuse in the form, said before sending it; null when it may be sent. */
export function validateLiveClass(draft: LiveClassDraft, now: number = Date.now()): string | null {
  const title = draft.title.trim();
  if (title.length < titleMin || title.length > titleMax)
    return `The title needs ${titleMin} to ${titleMax} characters`;
  const start = startOf(draft);
  if (!start) return 'Choose the date and the time the class starts';
  if (start.getTime() <= now) return 'The class must start in the future';
  if (start.getTime() > now + daysAhead * DAY_MS)
    return `A class can be scheduled at most ${daysAhead} days ahead`;
  const minutes = Number(draft.durationMin.trim());
  if (!Number.isInteger(minutes) || minutes < durationMin || minutes > durationMax)
    return `The duration is a whole number of minutes from ${durationMin} to ${durationMax}`;
  if (draft.description.trim().length > descriptionMax)
    return `The description may be at most ${descriptionMax.toLocaleString('en-US')} characters`;
  return null;
}

/** The form as the server takes it: the start as an ISO time (a description emptied on a change is sent empty). */
export function toLiveSessionBody(draft: LiveClassDraft): LiveSessionBody {
  return {
    title: draft.title.trim(),
    startsAt: (startOf(draft) as Date).toISOString(),
    durationMin: Number(draft.durationMin.trim()),
    description: draft.description.trim(),
  };
}
