import { describe, expect, it } from 'vitest';
import { createLiveScheduleClient } from './live-schedule.ts';
import { fileAnswer, json, recordedClients } from './testing/recorded-fetch.ts';

/** A client whose requests are recorded and answered by `reply`. */
const client = recordedClients({ live: createLiveScheduleClient });

describe('the live schedule client', () => {
  it('schedules, changes and cancels a class by the paths agreed, with the caller credentials', async () => {
    const { live, sent } = client(() => json({}, 201));
    const body = { title: 'Recursion live', startsAt: '2026-12-01T10:00:00.000Z', durationMin: 60 };
    await live.schedule('c1', body);
    await live.update('s1', { ...body, description: 'Bring questions' });
    await live.cancel('s1');
    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual([
      'POST /api/v1/courses/c1/live-sessions',
      'PUT /api/v1/live-sessions/s1',
      'DELETE /api/v1/live-sessions/s1',
    ]);
    expect(sent[0]?.body).toEqual(body);
    expect(sent[1]?.body).toEqual({ ...body, description: 'Bring questions' });
    expect(sent.every((s) => s.headers.authorization === 'Bearer t1' && s.headers.id === 'u1')).toBe(true);
  });

  it('reads the lists, the attendance and the calendar feed', async () => {
    const { live, sent } = client(() => json({}));
    await live.courseSessions('c1');
    await live.courseSessions('c1', 2);
    await live.upcoming();
    await live.session('s1');
    await live.attendance('s1');
    await live.calendarFeed();
    await live.resetCalendarFeed();
    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual([
      'GET /api/v1/courses/c1/live-sessions',
      'GET /api/v1/courses/c1/live-sessions?page=2',
      'GET /api/v1/live-sessions/upcoming',
      'GET /api/v1/live-sessions/s1',
      'GET /api/v1/live-sessions/s1/attendance',
      'GET /api/v1/calendar/feed',
      'POST /api/v1/calendar/feed',
    ]);
  });

  it("reads a course's live status without credentials, and a class's calendar file with them", async () => {
    const { live, sent } = client(() => fileAnswer('BEGIN:VCALENDAR', 'text/calendar'));
    const file = await live.sessionCalendar('s 1');
    expect(await file.text()).toBe('BEGIN:VCALENDAR');
    expect(sent[0]?.path).toBe('/api/v1/live-sessions/s%201/calendar.ics');
    expect(sent[0]?.headers.authorization).toBe('Bearer t1');
    expect(live.sessionCalendarUrl('s1')).toBe('/api/v1/live-sessions/s1/calendar.ics');

    const status = client(() => json({ live: false, sessionId: null, nextStartsAt: null }));
    await status.live.liveStatus('c1');
    expect(status.sent[0]?.path).toBe('/api/v1/courses/c1/live-status');
    expect(status.sent[0]?.headers.authorization).toBeUndefined();
  });
});
