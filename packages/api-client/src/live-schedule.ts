import { type ApiClientOptions, apiCalls } from './client.ts';
import type { BodyOf, ResponseOf } from './types.ts';

/** A live class of a course, as the live service answers it. */
export type LiveSession = ResponseOf<'/api/v1/live-sessions/{sessionId}', 'get'>['session'];

/**
 * Where a live class stands: `open` once joining opens (10 minutes before the start), `live`
 * from its start until its end.
 */
export type LiveSessionState = LiveSession['state'];

/** A live class as its tutor schedules or changes it. */
export type LiveSessionBody = BodyOf<'/api/v1/courses/{courseId}/live-sessions', 'post'>;

/** What the server accepts of a live class, for checking a form before sending it. */
export const LIVE_SESSION_LIMITS = {
  titleMin: 3,
  titleMax: 120,
  durationMin: 15,
  durationMax: 240,
  descriptionMax: 2000,
  daysAhead: 180,
  /** Joining opens this many minutes before the start. */
  joinOpensMinutesBefore: 10,
} as const;

/** A page of a course's live classes (20 a page): coming ones first by start, then ended ones newest first. */
export type LiveSessionPage = ResponseOf<'/api/v1/courses/{courseId}/live-sessions', 'get'>;

/** Whether a course is live now, and when its next class starts: the course page's badge. */
export type LiveStatus = ResponseOf<'/api/v1/courses/{courseId}/live-status', 'get'>;

/** Who came to a live class, from the media server's reports. */
export type LiveAttendee = ResponseOf<
  '/api/v1/live-sessions/{sessionId}/attendance',
  'get'
>['attendees'][number];

/** The address of the user's private calendar feed of their coming live classes. */
export type CalendarFeed = ResponseOf<'/api/v1/calendar/feed', 'get'>;

const auth = { auth: true } as const;

/**
 * Scheduling live classes and reading them: the tutor's schedule of a course, a member's coming
 * classes across their courses, a course's live badge, attendance, and the calendar files and
 * feed. Joining and running the room are the room page's own calls.
 */
export function createLiveScheduleClient(options: ApiClientOptions) {
  const { get, post, put, del, getFile, url } = apiCalls(options);
  return {
    /** 201 with the class; only the course's tutor (others 403). */
    schedule: (courseId: string, body: LiveSessionBody) =>
      post('/api/v1/courses/{courseId}/live-sessions', {
        ...auth,
        params: { courseId },
        body,
      }),
    /** The tutor changes a class that has not ended and was not cancelled (else 409). */
    update: (sessionId: string, body: LiveSessionBody) =>
      put('/api/v1/live-sessions/{sessionId}', {
        ...auth,
        params: { sessionId },
        body,
      }),
    /** The tutor cancels a class that has not ended; its students are told. */
    cancel: (sessionId: string) =>
      del('/api/v1/live-sessions/{sessionId}', { ...auth, params: { sessionId } }),
    /** A course's classes but the cancelled ones, to its students, its tutor and the admin. */
    courseSessions: (courseId: string, page = 1, signal?: AbortSignal) =>
      get('/api/v1/courses/{courseId}/live-sessions', {
        ...auth,
        params: { courseId },
        query: page > 1 ? `?page=${page}` : '',
        signal,
      }),
    /** One class, to the members of its course. */
    session: (sessionId: string, signal?: AbortSignal) =>
      get('/api/v1/live-sessions/{sessionId}', { ...auth, params: { sessionId }, signal }),
    /** The caller's coming classes, soonest first (at most 50): a student's courses', a tutor's own. */
    upcoming: (signal?: AbortSignal) => get('/api/v1/live-sessions/upcoming', { ...auth, signal }),
    /** Public: whether the course is live now and when its next class starts. */
    liveStatus: (courseId: string, signal?: AbortSignal) =>
      get('/api/v1/courses/{courseId}/live-status', { params: { courseId }, signal }),
    /** Who came to a class, to its tutor and the admin. */
    attendance: (sessionId: string, signal?: AbortSignal) =>
      get('/api/v1/live-sessions/{sessionId}/attendance', {
        ...auth,
        params: { sessionId },
        signal,
      }),
    /** The address of a class's calendar file (read with the session's credentials: see `sessionCalendar`). */
    sessionCalendarUrl: (sessionId: string) =>
      url('/api/v1/live-sessions/{sessionId}/calendar.ics', { sessionId }),
    /** A class's calendar file (text/calendar), read with the session's credentials. */
    sessionCalendar: (sessionId: string) =>
      getFile('/api/v1/live-sessions/{sessionId}/calendar.ics', { ...auth, params: { sessionId } }),
    /** The caller's private feed address, made on the first call. */
    calendarFeed: (signal?: AbortSignal) => get('/api/v1/calendar/feed', { ...auth, signal }),
    /** A new feed address; the old one stops working. */
    resetCalendarFeed: () => post('/api/v1/calendar/feed', auth),
  };
}

export type LiveScheduleClient = ReturnType<typeof createLiveScheduleClient>;
