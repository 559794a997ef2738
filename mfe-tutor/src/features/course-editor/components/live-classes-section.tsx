import { type CourseForUpdate, type LiveSession, messageOf } from '@liveedu/api-client';
import { useApiMutation, useApiQuery, usePagedQuery } from '@liveedu/query';
import {
  Banner,
  Button,
  ConfirmDialog,
  canJoinLive,
  EmptyState,
  ErrorState,
  Field,
  formatLiveTime,
  LiveClassHeading,
  LiveClassTime,
  LiveRoomButton,
  LiveRoomOpens,
  Loading,
  liveStateAt,
  PagedItemList,
  theme,
  toast,
  useNow,
} from '@liveedu/ui';
import { type FormEvent, useId, useState } from 'react';
import styled from 'styled-components';
import {
  draftFromSession,
  emptyLiveClassDraft,
  type LiveClassDraft,
  toLiveSessionBody,
  validateLiveClass,
} from '../api/live-class-form.ts';
import { useLiveScheduleApi } from '../hooks/live-schedule-api.ts';
import { EditorSection } from './editor-section.tsx';

const Form = styled.form`
  display: grid;
  margin-bottom: 1.25rem;
  h3 { margin: 0 0 0.75rem; font-size: 1.05rem; }
  small { color: ${theme.colors.muted}; }
  .when { display: grid; gap: 0 1rem; grid-template-columns: repeat(auto-fit, minmax(10rem, 1fr)); }
  .actions { display: flex; flex-wrap: wrap; gap: 0.5rem; }
  [role='alert'] { margin: 0 0 0.75rem; }
`;

const List = styled.ul`
  article { display: grid; gap: 0.4rem; }
  .meta, .hint { color: ${theme.colors.muted}; margin: 0; }
  .actions { display: flex; flex-wrap: wrap; gap: 0.5rem; }
  .actions a, .actions button { min-height: 36px; padding: 0.3rem 0.75rem; }
  table { width: 100%; border-collapse: collapse; font-size: 0.95rem; }
  caption { text-align: left; font-weight: 600; margin-bottom: 0.35rem; }
  th, td { text-align: left; padding: 0.35rem 0.5rem; border-bottom: 1px solid ${theme.colors.border}; }
`;

const liveSessionsKey = (courseId: string) => ['tutor', 'live-sessions', courseId];
const attendanceKey = (sessionId: string) => ['tutor', 'live-attendance', sessionId];

/** The tutor's own time zone, named so the form says which time it takes. */
const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Schedules a class, or changes `session`; the server's refusal is shown as it says it. */
function LiveClassForm({
  courseId,
  session,
  now,
  onDone,
}: {
  courseId: string;
  session: LiveSession | null;
  now: number;
  onDone: () => void;
}) {
  const live = useLiveScheduleApi();
  const id = useId();
  const [draft, setDraft] = useState<LiveClassDraft>(() =>
    session ? draftFromSession(session) : emptyLiveClassDraft(now),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const save = useApiMutation(
    (body: ReturnType<typeof toLiveSessionBody>) =>
      session ? live.update(session._id, body) : live.schedule(courseId, body),
    { invalidates: [liveSessionsKey(courseId)] },
  );
  const set = (field: keyof LiveClassDraft) => (value: string) => setDraft((d) => ({ ...d, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const invalid = validateLiveClass(draft, now);
    setProblem(invalid);
    if (invalid) return;
    try {
      await save.mutateAsync(toLiveSessionBody(draft));
      toast.success(
        session
          ? 'The class is changed; your students are told'
          : 'The class is scheduled; your students are told',
      );
      if (session) onDone();
      else setDraft(emptyLiveClassDraft(now));
    } catch (error) {
      setProblem(messageOf(error));
    }
  };

  const label = session ? 'Change a live class' : 'Schedule a live class';
  return (
    <Form onSubmit={submit} aria-label={label} noValidate>
      <h3>{session ? `Change “${session.title}”` : 'Schedule a live class'}</h3>
      <Field>
        <label htmlFor={`${id}-title`}>Class title</label>
        <input
          id={`${id}-title`}
          value={draft.title}
          maxLength={120}
          onChange={(e) => set('title')(e.target.value)}
        />
      </Field>
      <div className="when">
        <Field>
          <label htmlFor={`${id}-date`}>Date</label>
          <input
            id={`${id}-date`}
            type="date"
            value={draft.date}
            aria-describedby={`${id}-zone`}
            onChange={(e) => set('date')(e.target.value)}
          />
        </Field>
        <Field>
          <label htmlFor={`${id}-time`}>Start time</label>
          <input
            id={`${id}-time`}
            type="time"
            value={draft.time}
            aria-describedby={`${id}-zone`}
            onChange={(e) => set('time')(e.target.value)}
          />
        </Field>
        <Field>
          <label htmlFor={`${id}-duration`}>Duration (minutes)</label>
          <input
            id={`${id}-duration`}
            type="number"
            inputMode="numeric"
            min={15}
            max={240}
            step={5}
            value={draft.durationMin}
            onChange={(e) => set('durationMin')(e.target.value)}
          />
        </Field>
      </div>
      <small id={`${id}-zone`}>In your time zone ({timeZone()}); students see it in theirs.</small>
      <Field style={{ marginTop: '1rem' }}>
        <label htmlFor={`${id}-description`}>Description (optional)</label>
        <textarea
          id={`${id}-description`}
          rows={3}
          value={draft.description}
          maxLength={2000}
          onChange={(e) => set('description')(e.target.value)}
        />
      </Field>
      {problem ? <Banner tone="error">{problem}</Banner> : null}
      <div className="actions">
        <Button type="submit" aria-disabled={save.isPending || undefined}>
          {save.isPending
            ? session
              ? 'Saving…'
              : 'Scheduling…'
            : session
              ? 'Save changes'
              : 'Schedule class'}
        </Button>
        {session ? (
          <Button type="button" $variant="secondary" onClick={onDone}>
            Stop changing
          </Button>
        ) : null}
      </div>
    </Form>
  );
}

/** Who came to a class: each student's first join and minutes in it. */
function Attendance({ session }: { session: LiveSession }) {
  const live = useLiveScheduleApi();
  const attendance = useApiQuery(attendanceKey(session._id), (signal) =>
    live.attendance(session._id, signal),
  );
  if (attendance.status === 'loading') return <Loading label="Loading the attendance…" />;
  if (attendance.status === 'error')
    return <ErrorState message={attendance.error} onRetry={attendance.reload} />;
  const { attendees } = attendance.data;
  if (attendees.length === 0) return <EmptyState message="Nobody has joined this class" />;
  return (
    <table>
      <caption>Attendance of {session.title}</caption>
      <thead>
        <tr>
          <th scope="col">Student</th>
          <th scope="col">First joined</th>
          <th scope="col">Minutes</th>
        </tr>
      </thead>
      <tbody>
        {attendees.map((attendee) => (
          <tr key={attendee.userId}>
            <th scope="row">
              {attendee.username}
              {attendee.present ? ' (in the class now)' : ''}
            </th>
            <td>
              <time dateTime={attendee.firstJoinedAt}>{formatLiveTime(attendee.firstJoinedAt)}</time>
            </td>
            <td>{attendee.totalMinutes.toFixed(1)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The title of the course's lecture `itemId`, when the course has it. */
function lectureTitle(course: CourseForUpdate | undefined, itemId: string): string | null {
  for (const section of course?.courseContent ?? []) {
    const item = (section ?? []).find((i) => i._id === itemId);
    if (item) return item.videoTitle;
  }
  return null;
}

/** One class: when, how long, where it stands, and what the tutor can do with it now. */
function LiveClassItem({
  session,
  course,
  now,
  onEdit,
  onCancel,
}: {
  session: LiveSession;
  course?: CourseForUpdate;
  now: number;
  onEdit: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [showAttendance, setShowAttendance] = useState(false);
  const state = liveStateAt(session, now);
  const over = state === 'ended' || state === 'cancelled';
  const started = state === 'live' || state === 'ended';
  const recording = session.recording
    ? (lectureTitle(course, session.recording.itemId) ?? 'a lecture of this course')
    : null;
  return (
    <article aria-labelledby={id}>
      <LiveClassHeading id={id} session={session} now={now} />
      <LiveClassTime session={session} />
      {recording ? <p className="meta">Recording: {recording}</p> : null}
      <div className="actions">
        {over ? null : (
          <LiveRoomButton
            session={session}
            now={now}
            hintId={`${id}-opens`}
            label={state === 'live' ? 'Open room' : 'Start'}
          />
        )}
        {over ? null : (
          <Button type="button" $variant="secondary" onClick={onEdit} aria-label={`Edit ${session.title}`}>
            Edit
          </Button>
        )}
        {over ? null : (
          <Button
            type="button"
            $variant="secondary"
            onClick={onCancel}
            aria-label={`Cancel class ${session.title}`}
          >
            Cancel class
          </Button>
        )}
        {started ? (
          <Button
            type="button"
            $variant="secondary"
            aria-expanded={showAttendance}
            onClick={() => setShowAttendance((shown) => !shown)}
          >
            Attendance
          </Button>
        ) : null}
      </div>
      {!over && !canJoinLive(session, now) ? (
        <LiveRoomOpens id={`${id}-opens`} session={session} lead="The room opens at" />
      ) : null}
      {started && showAttendance ? <Attendance session={session} /> : null}
    </article>
  );
}

/**
 * A course's live classes as its tutor runs them: the form that schedules one (or changes one),
 * and the classes with their state, the room from 10 minutes before, cancelling (students are
 * told) and, once started, who came. `now` holds the clock (tests); otherwise it moves on.
 */
export function LiveClassesSection({
  courseId,
  course,
  now: fixedNow,
}: {
  courseId: string;
  course?: CourseForUpdate;
  now?: number;
}) {
  const live = useLiveScheduleApi();
  const now = useNow(fixedNow);
  const [editing, setEditing] = useState<LiveSession | null>(null);
  const [cancelling, setCancelling] = useState<LiveSession | null>(null);
  const list = usePagedQuery(liveSessionsKey(courseId), (page, signal) =>
    live
      .courseSessions(courseId, page, signal)
      .then((r) => ({ items: r.sessions, total: r.total, pages: r.pages })),
  );
  const cancel = useApiMutation((sessionId: string) => live.cancel(sessionId), {
    invalidates: [liveSessionsKey(courseId)],
  });

  const confirmCancel = async () => {
    if (!cancelling) return;
    try {
      await cancel.mutateAsync(cancelling._id);
      if (editing?._id === cancelling._id) setEditing(null);
      toast.success('The class is cancelled; your students are told');
    } catch (error) {
      toast.error(messageOf(error));
    } finally {
      setCancelling(null);
    }
  };

  return (
    <EditorSection
      title="Live classes"
      intro="Teach the course's students live. They are told when you schedule, change or cancel a class and reminded before it starts; the room opens 10 minutes before the start."
    >
      <LiveClassForm
        key={editing?._id ?? 'new'}
        courseId={courseId}
        session={editing}
        now={now}
        onDone={() => setEditing(null)}
      />
      <PagedItemList
        list={list}
        loadingLabel="Loading the live classes…"
        emptyMessage="No live classes scheduled yet"
        listAs={List}
        label="Live classes of the course"
        renderItem={(session) => (
          <LiveClassItem
            session={session}
            course={course}
            now={now}
            onEdit={() => setEditing(session)}
            onCancel={() => setCancelling(session)}
          />
        )}
      />
      <ConfirmDialog
        open={cancelling !== null}
        title="Cancel this class?"
        message={
          cancelling
            ? `“${cancelling.title}” on ${formatLiveTime(cancelling.startsAt)} will be cancelled. Students will be told.`
            : ''
        }
        confirmLabel="Cancel class"
        cancelLabel="Keep it"
        busy={cancel.isPending}
        onConfirm={confirmCancel}
        onCancel={() => setCancelling(null)}
      />
    </EditorSection>
  );
}
