import type { IntegrationEvent } from '../event.ts';
import type { LiveClassNamed } from './live-session-scheduled.ts';

export const LIVE_SESSION_CANCELLED = 'live.session.cancelled';

/** A course's tutor cancelled a live class; every enrolled student is told. */
export type LiveSessionCancelledData = LiveClassNamed;

export type LiveSessionCancelled = IntegrationEvent<typeof LIVE_SESSION_CANCELLED, LiveSessionCancelledData>;
