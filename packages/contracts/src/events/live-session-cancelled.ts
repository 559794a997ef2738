import type { IntegrationEvent } from '../event.ts';

export const LIVE_SESSION_CANCELLED = 'live.session.cancelled';

/** A course's tutor cancelled a live class; every enrolled student is told. */
export interface LiveSessionCancelledData {
  sessionId: string;
  courseId: string;
  courseTitle: string;
  tutorId: string;
  title: string;
  startsAt: string;
}

export type LiveSessionCancelled = IntegrationEvent<typeof LIVE_SESSION_CANCELLED, LiveSessionCancelledData>;
