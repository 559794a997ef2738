import { type LiveSession, messageOf } from '@liveedu/api-client';
import { useApiMutation, useApiQuery } from '@liveedu/query';
import {
  Button,
  bareList,
  ConfirmDialog,
  canJoinLive,
  EmptyState,
  ErrorState,
  Field,
  flatPanel,
  LiveClassHeading,
  LiveClassTime,
  LiveRoomButton,
  LiveRoomOpens,
  Loading,
  liveStateAt,
  theme,
  toast,
  useNow,
} from '@liveedu/ui';
import { type ReactNode, useId, useState } from 'react';
import styled from 'styled-components';
import { DownloadButton } from '../../../shared/components/download-button.tsx';
import { PageSection, Panel } from '../../../shared/components/page-section.tsx';
import { calendarFileName } from '../api/calendar-file.ts';
import { useLiveScheduleApi } from '../hooks/live-schedule-api.ts';

const List = styled.ul`
  ${flatPanel}
  ${bareList}
  li { display: grid; gap: 0.35rem; padding: 0.9rem 1rem; }
  li + li { border-top: 1px solid ${theme.colors.border}; }
  h3 { margin: 0; font-size: 1.05rem; overflow-wrap: anywhere; }
  .meta, .hint { margin: 0; color: ${theme.colors.muted}; }
  .actions { display: flex; flex-wrap: wrap; gap: 0.5rem; }
  .actions a, .actions button { min-height: 36px; padding: 0.3rem 0.75rem; }
`;

const Feed = styled(Panel)`
  display: grid;
  gap: 0.75rem;
  p { margin: 0; color: ${theme.colors.muted}; }
  input { width: 100%; }
  .actions { display: flex; flex-wrap: wrap; gap: 0.5rem; }
  ${Field} { margin: 0; }
`;

const upcomingKey = ['learner', 'live-upcoming'];
const feedKey = ['learner', 'calendar-feed'];

/** Downloads a class's calendar file, read with the session's credentials. */
function AddToCalendar({ session }: { session: LiveSession }) {
  const live = useLiveScheduleApi();
  return (
    <DownloadButton
      read={() => live.sessionCalendar(session._id)}
      fileName={calendarFileName(session.title)}
      aria-label={`Add to calendar: ${session.title}`}
    >
      Add to calendar
    </DownloadButton>
  );
}

/** One coming class: what, of which course, when in the viewer's time, and Join once its room opens. */
function UpcomingClass({ session, now }: { session: LiveSession; now: number }) {
  const id = useId();
  return (
    <li aria-labelledby={id}>
      <LiveClassHeading id={id} session={session} now={now} />
      <p className="meta">
        {session.courseTitle} · with {session.tutorName}
      </p>
      <LiveClassTime session={session} />
      {session.description ? <p className="meta">{session.description}</p> : null}
      <div className="actions">
        <LiveRoomButton
          session={session}
          now={now}
          hintId={`${id}-opens`}
          label="Join"
          ariaLabel={`Join ${session.title}`}
        />
        <AddToCalendar session={session} />
      </div>
      {canJoinLive(session, now) ? null : (
        <LiveRoomOpens id={`${id}-opens`} session={session} lead="You can join from" />
      )}
    </li>
  );
}

/** The coming classes of the user's courses, soonest first. */
function UpcomingClasses({ now }: { now: number }) {
  const live = useLiveScheduleApi();
  const upcoming = useApiQuery(upcomingKey, (signal) => live.upcoming(signal));
  if (upcoming.status === 'loading') return <Loading label="Loading your live classes…" />;
  if (upcoming.status === 'error') return <ErrorState message={upcoming.error} onRetry={upcoming.reload} />;
  const sessions = upcoming.data.sessions.filter((s) => liveStateAt(s, now) !== 'ended');
  if (sessions.length === 0) return <EmptyState message="No live classes coming up in your courses" />;
  return (
    <List aria-label="Coming live classes">
      {sessions.map((session) => (
        <UpcomingClass key={session._id} session={session} now={now} />
      ))}
    </List>
  );
}

/** Copies `text`; false when the browser would not. */
async function copied(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** The private address calendars subscribe to, to copy or to reset (the old one then stops working). */
function CalendarFeed() {
  const live = useLiveScheduleApi();
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const feed = useApiQuery(feedKey, (signal) => live.calendarFeed(signal));
  const reset = useApiMutation(() => live.resetCalendarFeed(), { invalidates: [], answers: feedKey });

  const copy = async (url: string) => {
    if (await copied(url)) toast.success('The calendar link is copied');
    else {
      (document.getElementById(`${id}-url`) as HTMLInputElement | null)?.select();
      toast.error('Copy the selected link by hand');
    }
  };
  const confirmReset = async () => {
    try {
      await reset.mutateAsync(undefined);
      toast.success('Your calendar link is new; add it to your calendar again');
    } catch (error) {
      toast.error(messageOf(error));
    } finally {
      setConfirming(false);
    }
  };

  let body: ReactNode;
  if (feed.status === 'loading') body = <Loading label="Loading your calendar link…" />;
  else if (feed.status === 'error') body = <ErrorState message={feed.error} onRetry={feed.reload} />;
  else
    body = (
      <>
        <Field>
          <label htmlFor={`${id}-url`}>Your calendar link</label>
          <input id={`${id}-url`} readOnly value={feed.data.url} onFocus={(e) => e.currentTarget.select()} />
        </Field>
        <div className="actions">
          <Button type="button" onClick={() => copy(feed.data.url)}>
            Copy calendar link
          </Button>
          <Button type="button" $variant="secondary" onClick={() => setConfirming(true)}>
            Reset link
          </Button>
        </div>
        <p>
          Reset the link if someone else got it: you get a new one, and the old link stops working, so
          calendars that use it no longer show your classes until you add the new one.
        </p>
      </>
    );

  return (
    <PageSection aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Your calendar</h2>
      <Feed>
        <p>
          Add this private link to Google Calendar, Outlook or Apple Calendar as a subscription, and your
          coming live classes show there and stay up to date. Anyone with the link sees them, so keep it to
          yourself.
        </p>
        {body}
      </Feed>
      <ConfirmDialog
        open={confirming}
        title="Reset your calendar link?"
        message="The old link stops working: calendars that use it no longer show your classes until you add the new link."
        confirmLabel="Reset link"
        cancelLabel="Keep the link"
        busy={reset.isPending}
        onConfirm={confirmReset}
        onCancel={() => setConfirming(false)}
      />
    </PageSection>
  );
}

/**
 * /profile/live-classes: the coming live classes of the user's courses (a student's enrolled
 * courses, a tutor's own) with Join from 10 minutes before, each class's calendar file, and the
 * private calendar feed. `now` holds the clock (tests); otherwise it moves on.
 */
export function LiveClassesPage({ now: fixedNow }: { now?: number }) {
  const now = useNow(fixedNow);
  return (
    <>
      <PageSection>
        <h2>Live classes</h2>
        <UpcomingClasses now={now} />
      </PageSection>
      <CalendarFeed />
    </>
  );
}
