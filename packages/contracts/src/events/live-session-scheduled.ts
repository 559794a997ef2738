import type { IntegrationEvent } from '../event.ts';

export const LIVE_SESSION_SCHEDULED = 'live.session.scheduled';

/** The live class an event of the live service is about. */
export interface LiveClassNamed {
  sessionId: string;
  courseId: string;
  courseTitle: string;
  tutorId: string;
  title: string;
  startsAt: string;
}

/** A course's tutor scheduled a live class, or moved it (`rescheduled`); the course's students hear of it. */
export interface LiveSessionScheduledData extends LiveClassNamed {
  durationMin: number;
  /** true when an existing session's time or title changed. */
  rescheduled: boolean;
}

export type LiveSessionScheduled = IntegrationEvent<typeof LIVE_SESSION_SCHEDULED, LiveSessionScheduledData>;
