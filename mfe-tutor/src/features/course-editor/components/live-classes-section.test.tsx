import type { LiveAttendee, LiveSession } from '@liveedu/api-client';
import { formatLiveTime, localDateTime } from '@liveedu/ui';
import { answer, json, requests, unexpected } from '@liveedu/web-test-kit';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../shared/testing/render-page.tsx';
import { LiveClassesSection } from './live-classes-section.tsx';

const NOW = Date.parse('2026-12-01T09:00:00.000Z');
const MINUTE = 60_000;
const at = (minutes: number) => new Date(NOW + minutes * MINUTE).toISOString();

function session(id: string, startsIn: number, overrides: Partial<LiveSession> = {}): LiveSession {
  const durationMin = overrides.durationMin ?? 60;
  return {
    _id: id,
    courseId: 'c1',
    courseTitle: 'Algorithms',
    tutorId: 'tutor-1',
    tutorName: 'meera',
    title: `Class ${id}`,
    description: '',
    startsAt: at(startsIn),
    durationMin,
    endsAt: at(startsIn + durationMin),
    joinOpensAt: at(startsIn - 10),
    state: 'upcoming',
    recording: null,
    ...overrides,
  };
}

/**
 * The live service's classes of course c1: scheduling adds one, a change replaces it, cancelling
 * leaves it out of the list; `refuse` answers a schedule with that error instead.
 */
function liveServer(
  all: LiveSession[],
  options: { attendees?: LiveAttendee[]; refuse?: [number, string] } = {},
) {
  answer(({ method, path, body }) => {
    if (method === 'GET' && path.startsWith('/api/v1/courses/c1/live-sessions')) {
      return json({ sessions: all, page: 1, pages: all.length ? 1 : 0, total: all.length });
    }
    if (method === 'POST' && path === '/api/v1/courses/c1/live-sessions') {
      if (options.refuse) return json({ message: options.refuse[1] }, options.refuse[0]);
      const input = body as { title: string; startsAt: string; durationMin: number; description: string };
      const made = session(`new${all.length}`, 0, {
        ...input,
        endsAt: new Date(Date.parse(input.startsAt) + input.durationMin * MINUTE).toISOString(),
      });
      all.unshift(made);
      return json({ session: made }, 201);
    }
    const [, sessionId, more] = /^\/api\/v1\/live-sessions\/([^/]+)(?:\/(\w+))?$/.exec(path) ?? [];
    const index = all.findIndex((s) => s._id === sessionId);
    if (index >= 0 && more === 'attendance') return json({ attendees: options.attendees ?? [] });
    if (index >= 0 && method === 'PUT') {
      all[index] = { ...(all[index] as LiveSession), ...(body as object) };
      return json({ session: all[index] });
    }
    if (index >= 0 && method === 'DELETE') {
      all.splice(index, 1);
      return json({ message: 'Live session cancelled' });
    }
    return unexpected({ method, path });
  });
}

const openSection = () =>
  renderPage(<LiveClassesSection courseId="c1" now={NOW} />, {
    path: '/update-a-course/c1',
    pattern: '/update-a-course/:id',
  });

const scheduleForm = () => screen.getByRole('form', { name: 'Schedule a live class' });

/** Fills the form with a start `startsIn` minutes from now, in the tutor's local time. */
function fill(form: HTMLElement, fields: { title: string; startsIn: number; duration: string }) {
  const [date, time] = localDateTime(new Date(NOW + fields.startsIn * MINUTE)).split('T');
  fireEvent.change(within(form).getByLabelText('Class title'), { target: { value: fields.title } });
  fireEvent.change(within(form).getByLabelText('Date'), { target: { value: date } });
  fireEvent.change(within(form).getByLabelText('Start time'), { target: { value: time } });
  fireEvent.change(within(form).getByLabelText('Duration (minutes)'), { target: { value: fields.duration } });
}

const submit = (form: HTMLElement, name = 'Schedule class') =>
  fireEvent.click(within(form).getByRole('button', { name }));

const posts = () => requests().filter((r) => r.method === 'POST');

/** A class's card in the list. */
async function card(title: string) {
  const list = await screen.findByRole('list', { name: 'Live classes of the course' });
  return within(within(list).getByRole('heading', { name: title }).closest('article') as HTMLElement);
}

describe("a course's live classes, as its tutor schedules them", () => {
  it('checks the form as the server would before sending anything', async () => {
    liveServer([]);
    openSection();
    expect(await screen.findByText('No live classes scheduled yet')).toBeTruthy();
    const form = scheduleForm();
    const alert = () => within(form).getByRole('alert').textContent;

    fill(form, { title: 'Hi', startsIn: 60, duration: '60' });
    submit(form);
    expect(alert()).toBe('The title needs 3 to 120 characters');
    fill(form, { title: 'Graphs, live', startsIn: -5, duration: '60' });
    submit(form);
    expect(alert()).toBe('The class must start in the future');
    fill(form, { title: 'Graphs, live', startsIn: 181 * 24 * 60, duration: '60' });
    submit(form);
    expect(alert()).toBe('A class can be scheduled at most 180 days ahead');
    fill(form, { title: 'Graphs, live', startsIn: 60, duration: '10' });
    submit(form);
    expect(alert()).toBe('The duration is a whole number of minutes from 15 to 240');
    fill(form, { title: 'Graphs, live', startsIn: 60, duration: '90.5' });
    submit(form);
    expect(alert()).toBe('The duration is a whole number of minutes from 15 to 240');
    expect(posts()).toEqual([]);
  });

  it('schedules a class at the local time chosen, sent as an ISO time, and lists it', async () => {
    liveServer([]);
    openSection();
    await screen.findByText('No live classes scheduled yet');
    const form = scheduleForm();
    fill(form, { title: 'Graphs, live', startsIn: 2 * 24 * 60, duration: '45' });
    fireEvent.change(within(form).getByLabelText('Description (optional)'), {
      target: { value: 'Bring your questions' },
    });
    submit(form);
    expect(await screen.findByText('The class is scheduled; your students are told')).toBeTruthy();
    expect(posts()[0]?.body).toEqual({
      title: 'Graphs, live',
      startsAt: at(2 * 24 * 60),
      durationMin: 45,
      description: 'Bring your questions',
    });
    const item = await card('Graphs, live');
    expect(item.getByText(formatLiveTime(at(2 * 24 * 60)))).toBeTruthy();
    expect(item.getByText(/45\s+minutes/)).toBeTruthy();
    expect((within(form).getByLabelText('Class title') as HTMLInputElement).value).toBe('');
  });

  it("shows the server's refusal as it says it", async () => {
    liveServer([], { refuse: [403, 'Only the course tutor can schedule its live classes'] });
    openSection();
    await screen.findByText('No live classes scheduled yet');
    const form = scheduleForm();
    fill(form, { title: 'Graphs, live', startsIn: 60, duration: '60' });
    submit(form);
    await waitFor(() =>
      expect(within(form).getByRole('alert').textContent).toBe(
        'Only the course tutor can schedule its live classes',
      ),
    );
  });

  it('lists each class with its state; the room opens 10 minutes before the start', async () => {
    liveServer(
      [
        session('s1', 20, { state: 'live', title: 'Live one', startsAt: at(-20), endsAt: at(40) }),
        session('s2', 5, { state: 'open', title: 'Opening one' }),
        session('s3', 2 * 24 * 60, { title: 'Later one' }),
        session('s4', -3 * 24 * 60, {
          state: 'ended',
          title: 'Past one',
          recording: { videoId: 'v1', itemId: 'i9' },
        }),
      ],
      {
        attendees: [
          {
            userId: 'u1',
            username: 'asha',
            firstJoinedAt: at(-3 * 24 * 60 + 2),
            lastLeftAt: at(-3 * 24 * 60 + 50),
            totalMinutes: 47.5,
            present: false,
          },
        ],
      },
    );
    openSection();

    const live = await card('Live one');
    expect(live.getByText('Live now')).toBeTruthy();
    expect(live.getByRole('link', { name: 'Open room' }).getAttribute('href')).toBe('/live/s1');

    const opening = await card('Opening one');
    expect(opening.getByText('Open for joining')).toBeTruthy();
    expect(opening.getByRole('link', { name: 'Start' }).getAttribute('href')).toBe('/live/s2');

    const later = await card('Later one');
    expect(later.getByText('Upcoming')).toBeTruthy();
    expect(later.queryByRole('link', { name: 'Start' })).toBeNull();
    expect((later.getByRole('button', { name: 'Start' }) as HTMLButtonElement).disabled).toBe(true);
    expect(later.getByText(/The room opens at/).textContent).toContain(formatLiveTime(at(2 * 24 * 60 - 10)));
    expect(later.queryByRole('button', { name: 'Attendance' })).toBeNull();

    const past = await card('Past one');
    expect(past.getByText('Ended')).toBeTruthy();
    expect(past.getByText('Recording: a lecture of this course')).toBeTruthy();
    expect(past.queryByRole('button', { name: /Cancel class/ })).toBeNull();
    expect(past.queryByRole('button', { name: /Edit/ })).toBeNull();
    fireEvent.click(past.getByRole('button', { name: 'Attendance' }));
    const table = await screen.findByRole('table', { name: 'Attendance of Past one' });
    const [, row] = within(table).getAllByRole('row');
    expect(within(row as HTMLElement).getByRole('rowheader').textContent).toBe('asha');
    expect(row?.textContent).toContain(formatLiveTime(at(-3 * 24 * 60 + 2)));
    expect(row?.textContent).toContain('47.5');
  });

  it('asks before cancelling a class, saying students will be told, and drops it once cancelled', async () => {
    liveServer([session('s3', 2 * 24 * 60, { title: 'Later one' })]);
    openSection();
    const later = await card('Later one');
    fireEvent.click(later.getByRole('button', { name: 'Cancel class Later one' }));
    let dialog = screen.getByRole('dialog', { name: 'Cancel this class?' });
    expect(dialog.textContent).toContain('Students will be told');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests().some((r) => r.method === 'DELETE')).toBe(false);

    fireEvent.click(later.getByRole('button', { name: 'Cancel class Later one' }));
    dialog = screen.getByRole('dialog', { name: 'Cancel this class?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel class' }));
    expect(await screen.findByText('No live classes scheduled yet')).toBeTruthy();
    expect(await screen.findByText('The class is cancelled; your students are told')).toBeTruthy();
    expect(requests().find((r) => r.method === 'DELETE')?.path).toBe('/api/v1/live-sessions/s3');
  });

  it('changes a class in the form, preset with what was scheduled', async () => {
    liveServer([session('s3', 2 * 24 * 60, { title: 'Later one', description: 'Trees' })]);
    openSection();
    fireEvent.click((await card('Later one')).getByRole('button', { name: 'Edit Later one' }));
    const form = screen.getByRole('form', { name: 'Change a live class' });
    expect((within(form).getByLabelText('Class title') as HTMLInputElement).value).toBe('Later one');
    expect((within(form).getByLabelText('Description (optional)') as HTMLTextAreaElement).value).toBe(
      'Trees',
    );
    fill(form, { title: 'Later one, moved', startsIn: 3 * 24 * 60, duration: '90' });
    submit(form, 'Save changes');
    expect(await card('Later one, moved')).toBeTruthy();
    expect(requests().find((r) => r.method === 'PUT')).toMatchObject({
      path: '/api/v1/live-sessions/s3',
      body: { title: 'Later one, moved', startsAt: at(3 * 24 * 60), durationMin: 90, description: 'Trees' },
    });
    expect(screen.getByRole('form', { name: 'Schedule a live class' })).toBeTruthy();
  });

  it('shows a failed load with a retry', async () => {
    answer(() => json({ message: 'Live classes are unavailable' }, 503));
    openSection();
    expect(await screen.findByText('Live classes are unavailable')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
